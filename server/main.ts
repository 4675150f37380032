import { startServer, type RunningServer } from './app';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { loggerOptions, startBox } from './terminal';

/** LOG_LEVEL (pino levels, default info): read here because only the entry point configures logging. */
const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
/** LOG_FORMAT: `json` lines, `pretty` (pino-pretty, for people), or `auto` (default): pretty on a terminal, JSON otherwise. */
const logFormatSchema = z.enum(['auto', 'json', 'pretty']).default('auto');


/**
 * Service entry point (`npm run serve`): configuration from the environment (docs/configuration.md),
 * then the whole server. SIGINT/SIGTERM shut down cleanly (exit 0); a second signal exits at once (1).
 * Exit 1 when the configuration is invalid or the server cannot start.
 */
async function main(): Promise<void> {
  let config;
  let level;
  let format;
  try {
    config = loadConfig();
    const parsed = logLevelSchema.safeParse(process.env.LOG_LEVEL || undefined);
    if (!parsed.success) throw new ConfigError('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent');
    level = parsed.data;
    const parsedFormat = logFormatSchema.safeParse(process.env.LOG_FORMAT || undefined);
    if (!parsedFormat.success) throw new ConfigError('LOG_FORMAT: expected auto, json or pretty');
    format = parsedFormat.data;
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }

  let server: RunningServer;
  try {
    server = await startServer(config, { log: loggerOptions(level, format, process.stdout.isTTY === true) });
  } catch (e) {
    process.stderr.write(`SiteBoard failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }

  process.stdout.write(
    `SiteBoard listening on ${server.url}` +
      (server.mqttPort !== null ? ` (embedded MQTT broker on port ${server.mqttPort})` : '') +
      '\n',
  );
  const listeners = server.live.mqttListeners;
  if (listeners?.tlsPort != null) process.stdout.write(`MQTT over TLS on port ${listeners.tlsPort}\n`);
  if (listeners?.wsPort != null) process.stdout.write(`MQTT over WebSocket on port ${listeners.wsPort} at ${server.config.mqttWs?.path}\n`);
  // the last thing of a start, so the board's address and the way in are not scrolled away
  process.stdout.write(
    startBox({ url: `${server.url}${config.basePath}`, mqttPort: server.mqttPort, hj212Port: server.live.hj212Port, adminPassword: server.firstStartAdminPassword, adminPasswordFromEnv: config.adminPassword !== null }),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without a clean shutdown\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`shutdown failed: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

// A stray rejection in a 24/7 service is logged, not fatal: crashing would drop every live screen.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});

void main();
