import type { FastifyServerOptions } from 'fastify';

/**
 * `lines` in a box drawn with box-drawing characters, one line each, ending with a newline: what an
 * operator must not miss on a terminal (a password shown once, where the board is).
 */
export function boxed(...lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n');
}

/** The command that sets a new admin password (package.json `admin:password`, docs/configuration.md). */
export const ADMIN_PASSWORD_COMMAND = 'npm run admin:password';

/**
 * The box that ends a start (server/main.ts): where the board is, where devices connect (MQTT, and HJ 212
 * when its listener is on), who signs in, and where the password is
 * or how to set a new one. `adminPassword` is the random password this start's seed made (null when the
 * database already existed or ADMIN_PASSWORD chose it).
 */
export function startBox(opts: { url: string; mqttPort: number | null; hj212Port?: number | null; adminPassword: string | null; adminPasswordFromEnv: boolean }): string {
  const lines = [`SiteBoard is running: ${opts.url}/`];
  if (opts.mqttPort !== null) lines.push(`Devices: MQTT on port ${opts.mqttPort} (embedded broker)`);
  if (opts.hj212Port != null) lines.push(`Environment monitors: HJ 212 on port ${opts.hj212Port}`);
  lines.push('Sign in as: admin');
  if (opts.adminPassword !== null) lines.push(`Password:   ${opts.adminPassword}  (shown at this first start only)`);
  else if (opts.adminPasswordFromEnv) lines.push('Password:   the one ADMIN_PASSWORD set at the first start');
  else lines.push('Password:   printed in a box at the first start');
  lines.push(`Forgotten?  stop SiteBoard, then: ${ADMIN_PASSWORD_COMMAND}`);
  return boxed(...lines);
}

/**
 * The logger of the entry point: JSON lines for a log collector, or pino-pretty's coloured lines with the
 * local time of day when a person reads the terminal (`format` auto and stdout a TTY, or `pretty`).
 */
export function loggerOptions(level: string, format: 'auto' | 'json' | 'pretty', isTty: boolean): FastifyServerOptions['logger'] {
  if (format === 'json' || (format === 'auto' && !isTty)) return { level };
  return { level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } } };
}
