import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startSimulator } from './index';

/**
 * Command line for the demo device simulator:
 *
 *   npm run simulate -- --url mqtt://host:1883 [--username u --password p] [--project demo-tunnel] [--seed 1] [--speed 1]
 *
 * The password may also come from MQTT_PASSWORD (keeps it out of the process list). Prints a status line
 * every 10 s; Ctrl-C (or SIGTERM) stops cleanly. Exit code 2 on bad arguments, 1 when it cannot connect.
 */

const USAGE =
  'usage: npm run simulate -- --url mqtt://host:port [--username u --password p] [--project demo-tunnel] [--seed 1] [--speed 1]';
const STATUS_EVERY_MS = 10_000;

const argsSchema = z.object({
  url: z.string({ error: '--url is required' }),
  username: z.string().optional(),
  password: z.string().optional(),
  project: z.string().default('demo-tunnel'),
  seed: z.coerce.number({ error: '--seed must be an integer' }).int('--seed must be an integer').default(1),
  speed: z.coerce.number({ error: '--speed must be a number' }).positive('--speed must be > 0').max(1000, '--speed must be at most 1000').default(1),
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      options: {
        url: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        project: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = argsSchema.safeParse({ ...values, password: values.password ?? process.env.MQTT_PASSWORD });
  if (!parsed.success) fail(parsed.error.issues[0].message);
  const args = parsed.data;

  const log = {
    info: (...a: unknown[]) => console.log(...a),
    warn: (...a: unknown[]) => console.warn(...a),
  };
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  try {
    sim = await startSimulator({
      url: args.url,
      username: args.username,
      password: args.password,
      projectId: args.project,
      seed: args.seed,
      speed: args.speed,
      log,
    });
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }

  let lastPublished = 0;
  const status = setInterval(() => {
    const s = sim.stats();
    const rate = ((s.published - lastPublished) / (STATUS_EVERY_MS / 1000)).toFixed(0);
    lastPublished = s.published;
    console.log(
      `[simulator] ${new Date(s.simulatedMs).toISOString()} simulated: ${s.published} published (${rate}/s), ${s.dropped} dropped while offline`,
    );
  }, STATUS_EVERY_MS);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(status);
    console.log(`[simulator] ${signal}: stopping`);
    await sim.stop();
    console.log(`[simulator] stopped after ${sim.stats().published} messages`);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
