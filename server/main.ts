import { startServer, type RunningServer } from './app';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';

/** LOG_LEVEL (pino levels, default info): read here because only the entry point configures logging. */
const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/**
 * Service entry point (`npm run serve`): configuration from the environment (docs/configuration.md),
 * then the whole server. SIGINT/SIGTERM shut down cleanly (exit 0); a second signal exits at once (1).
 * Exit 1 when the configuration is invalid or the server cannot start.
 */
async function main(): Promise<void> {
  let config;
  let level;
  try {
    config = loadConfig();
    const parsed = logLevelSchema.safeParse(process.env.LOG_LEVEL || undefined);
    if (!parsed.success) throw new ConfigError('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent');
    level = parsed.data;
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }

  let server: RunningServer;
  try {
    server = await startServer(config, { log: { level } });
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
