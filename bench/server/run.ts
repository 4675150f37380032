/**
 * `npm run bench:server`: one server node's sustained MQTT ingest against the embedded broker's own
 * throughput (no consumer work), and two nodes against one, in the same run, interleaved (ABBA per
 * round). See bench/server/README.md.
 *
 *   npm run bench:server                         # 3 rounds: broker, node (embedded PGlite), max and paced
 *   npm run bench:server -- --quick              # 1 round, shorter windows
 *   npm run bench:server -- --rate=20000 --rounds=3 --warmup-ms=10000 --measure-ms=8000
 *   npm run bench:server -- --variants=node --cpu-prof=/tmp/prof   # a CPU profile of the server process
 *   npm run bench:server -- --cluster            # adds Mosquitto alone, one and two nodes on PostgreSQL + Mosquitto + Redis
 *   npm run bench:server -- --before=/tmp/base   # adds the server of another checkout (git archive <rev>,
 *                                                #   node_modules linked, bench/server/node.ts copied in)
 *
 * Each run starts a fresh process under test (bench/server/node.ts), a load generator in a worker thread
 * (bench/server/load.ts) and, for server nodes, a socket.io client subscribed to the demo project's beacon
 * and gas topics that measures ingest → socket latency (receive time − the item's `ts`, which the
 * generator sets to its send time; one clock, one machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { io as connectSocket } from 'socket.io-client';
import { AUTH, decodeTelemetryFrame, frameRows, OPERATIONS } from '../../protocol';
import { DEMO_DEVICES, DEMO_PROJECT } from '../../server/seed/demoProject';
import type { LoadOptions } from './load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const quick = args.has('quick');
const ROUNDS = Number(args.get('rounds') ?? (quick ? 1 : 3));
// 10 s: a node's first seconds under load (cold JIT, connection pools, the partitions' takeover reads and the
// backlog they leave) are not sustained ingest; with 3 s the cluster rows' p99 swung 164–509 ms between rounds
const WARMUP_MS = Number(args.get('warmup-ms') ?? (quick ? 2_000 : 10_000));
const MEASURE_MS = Number(args.get('measure-ms') ?? (quick ? 4_000 : 8_000));
const RATE = Number(args.get('rate') ?? 20_000);
const CONNECTIONS = Number(args.get('connections') ?? 40);
const WINDOW = Number(args.get('window') ?? 32);
const MODES = (args.get('modes') ?? 'max,paced').split(',') as Array<'max' | 'paced'>;
const CPU_PROF = args.get('cpu-prof') ?? null;
const CLUSTER = args.has('cluster');
const VARIANTS = (args.get('variants') ?? [args.has('before') ? 'before' : null, 'broker', 'node', ...(CLUSTER ? ['mq', 'pg1', 'pg2', 'pg2q'] : [])].filter(Boolean).join(',')).split(',');
/** Variants whose rate is the broker's own: CPU per acknowledged message, and the base of the ratios. */
const BROKER_ONLY = new Set(['broker', 'mq']);
const ADMIN_PASSWORD = 'bench-admin-pw';

interface Started {
  child: ChildProcess;
  mqttPort: number;
  url: string | null;
  username: string;
  password: string;
  exited: Promise<unknown>;
}

/** Starts bench/server/node.ts in `mode` with `env`; resolves on its ready line. */
function startProcess(mode: 'broker' | 'node', env: Record<string, string>, profDir: string | null, root = ROOT): Promise<Started> {
  const execArgv = ['--import', 'tsx', ...(args.get('node-args')?.split(' ') ?? []), ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])];
  const child = spawn(process.execPath, [...execArgv, 'bench/server/node.ts', mode], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      ADMIN_PASSWORD,
      SEED_LOCALE: 'en',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
      MQTT_MESSAGES_PER_SECOND: '100000',
      MQTT_CONNECTIONS_PER_MINUTE: '100000',
      ...(args.has('verbose') ? { BENCH_LOOP_LOG: '1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
    if (args.has('verbose')) process.stderr.write(d);
  });
  if (args.has('verbose')) child.stdout!.on('data', (d: Buffer) => process.stderr.write(d));
  const exited = new Promise((r) => child.once('exit', r));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${mode} did not start in 90 s: ${err}`));
    }, 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ child, exited, ...JSON.parse(line) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} exited (${code}) before it was ready: ${err}`));
    });
  });
}

async function stopProcess(p: Started): Promise<void> {
  p.child.kill('SIGTERM');
  const t = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
  await p.exited;
  clearTimeout(t);
}

/** utime + stime of a process, ms (/proc/<pid>/stat, 10 ms ticks). */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) * 10;
}

const cookies = new Map<string, string>();

/** The admin session cookie of the server at `url` (one login per server: a login hashes a password). */
async function login(url: string): Promise<string> {
  const known = cookies.get(url);
  if (known) return known;
  const res = await fetch(url + AUTH.login.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  cookies.set(url, cookie);
  return cookie;
}

/** A socket.io client on the beacon and gas rooms that records receive time − item ts (ms). */
async function latencyProbe(url: string, topics: readonly string[] = ['beacon', 'gas']) {
  const cookie = await login(url);
  const socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  for (const topic of topics) {
    const ack = await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: DEMO_PROJECT.projectId, topic });
    if (!ack?.ok) throw new Error(`subscribe ${topic} refused: ${JSON.stringify(ack)}`);
  }
  let samples: number[] = [];
  let items = 0;
  socket.on('telemetry.frame', (data: ArrayBuffer | Uint8Array) => {
    const now = Date.now();
    const rows = frameRows(decodeTelemetryFrame(data)) as Array<{ ts?: number }>;
    items += rows.length;
    for (const r of rows) if (typeof r.ts === 'number' && samples.length < 500_000) samples.push(now - r.ts);
  });
  return {
    take() {
      const out = { samples, items };
      samples = [];
      items = 0;
      return out;
    },
    close: () => socket.close(),
  };
}

async function ingestStats(url: string): Promise<unknown> {
  const cookie = await login(url);
  const res = await fetch(url + OPERATIONS.ingestStats.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
  return ((await res.json()) as { data: unknown }).data;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const loadDevices: LoadOptions['devices'] = DEMO_DEVICES.filter((d) => d.kind === 'beacon' || d.kind === 'gas').map((d) => ({
  topic: `zhgd/${DEMO_PROJECT.projectId}/${d.kind}/${d.sn}/telemetry`,
  kind: d.kind as 'beacon' | 'gas',
  // beacons report from bore ZK, where the demo has no zones: fixes sweeping 800–900 m of a demo bore went in
  // and out of its zones on nearly every message, so the bench measured zone alarm writes, not telemetry
  tunnelId: null,
}));

interface RunResult {
  variant: string;
  mode: 'max' | 'paced';
  msgsPerS: number;
  /** Messages the server nodes accepted (parsed, through the rules, queued for storage) per second; 0 for the broker alone. */
  acceptedPerS: number;
  ackP50: number;
  ackP99: number;
  sockP50: number;
  sockP99: number;
  sockItemsPerS: number;
  serverCpuPct: number;
  /** Server CPU (all its processes) per acknowledged message, µs. */
  cpuUsPerMsg: number;
  /** Cluster: bytes Redis received per accepted message (the adapter's telemetry frames, leases, bus); NaN otherwise. */
  redisBytesPerMsg: number;
  errors: string[];
}

/** The processes of a variant: broker alone, one node, or nodes on PostgreSQL + Mosquitto. */
async function startVariant(variant: string, profDir: string | null): Promise<{ targets: Started[]; cleanup: () => Promise<void>; redisUrl?: string }> {
  if (variant === 'broker') {
    const p = await startProcess('broker', {}, profDir);
    return { targets: [p], cleanup: () => stopProcess(p) };
  }
  if (variant === 'node' || variant === 'before') {
    // `before`: the same server from another checkout (--before=<dir>, with this bench/server/node.ts copied in)
    const root = variant === 'before' ? path.resolve(args.get('before') ?? '') : ROOT;
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
    const p = await startProcess('node', { DATA_DIR: dir }, profDir, root);
    return {
      targets: [p],
      cleanup: async () => {
        await stopProcess(p);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { startClusterVariant } = await import('./cluster');
  const nodes = variant === 'mq' ? 0 : variant === 'pg1' ? 1 : 2;
  const c = await startClusterVariant(nodes, (env) => startProcess('node', env, profDir), stopProcess);
  if (nodes > 0) return { ...c, redisUrl: c.redisUrl };
  // Mosquitto alone: the load publishes to it, nobody consumes; its CPU is the server's
  const mosquitto = { child: { pid: c.mosquittoPid } as ChildProcess, mqttPort: c.mqttPort, url: null, username: 'bench', password: 'bench', exited: Promise.resolve() };
  return { targets: [mosquitto], cleanup: c.cleanup };
}

/** Bytes Redis received so far (INFO stats total_net_input_bytes): what the nodes published through it. */
async function redisInputBytes(url: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const r = new Redis(url);
  try {
    return Number(/total_net_input_bytes:(\d+)/.exec(await r.info('stats'))?.[1] ?? NaN);
  } finally {
    r.disconnect();
  }
}

async function runOnce(variant: string, mode: 'max' | 'paced'): Promise<RunResult> {
  const { targets, cleanup, redisUrl } = await startVariant(variant, CPU_PROF);
  const errors: string[] = [];
  const probes = [];
  const workers: Worker[] = [];
  try {
    // one probe: on a cluster it receives every node's frames through the Redis adapter. `pg2q`: a socket
    // on no telemetry room, so the nodes have no telemetry to publish (the Redis adapter's saving, docs/operations.md "Cluster")
    const probeUrl = targets.find((t) => t.url)?.url;
    if (probeUrl) probes.push(await latencyProbe(probeUrl, variant === 'pg2q' ? [] : ['beacon', 'gas']));
    // one generator per node (devices publish to the broker they are connected to; with an external
    // broker every generator connects to it and shared subscriptions split the work)
    const perTarget = Math.max(1, Math.round(CONNECTIONS / targets.length));
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      const w = new Worker(new URL('./load.ts', import.meta.url));
      w.on('message', (m: { type: string; message?: string }) => {
        if (m.type === 'error') errors.push(m.message ?? '?');
      });
      w.on('error', (e: Error) => errors.push(e.message));
      const ready = new Promise<void>((resolve) => w.on('message', (m: { type: string }) => m.type === 'ready' && resolve()));
      const devices = loadDevices.filter((_, k) => k % targets.length === i);
      const opts: LoadOptions = {
        host: '127.0.0.1',
        port: t.mqttPort,
        username: t.username,
        password: t.password,
        devices,
        connections: perTarget,
        window: WINDOW,
        mode,
        rate: RATE / targets.length,
        clientPrefix: `bench-${process.pid}-${variant}-${i}`,
      };
      w.postMessage({ type: 'start', ...opts });
      await ready;
      workers.push(w);
    }
    const mark = () =>
      Promise.all(
        workers.map(
          (w) =>
            new Promise<{ acked: number; ackMs: number[] }>((resolve) => {
              const on = (m: { type: string; acked: number; ackMs: number[] }) => {
                if (m.type !== 'window') return;
                w.off('message', on);
                resolve(m);
              };
              w.on('message', on);
              w.postMessage({ type: 'mark' });
            }),
        ),
      );
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const acceptedAt = async () => {
      let sum = 0;
      for (const t of targets) if (t.url) sum += ((await ingestStats(t.url)) as { accepted: number }).accepted;
      return sum;
    };
    const accepted0 = await acceptedAt();
    await mark();
    for (const p of probes) p.take();
    const pids = targets.map((t) => t.child.pid!);
    const cpu0 = pids.reduce((s, pid) => s + cpuMs(pid), 0);
    const redis0 = redisUrl ? await redisInputBytes(redisUrl) : NaN;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const windows = await mark();
    const cpu1 = pids.reduce((s, pid) => s + cpuMs(pid), 0);
    const redis1 = redisUrl ? await redisInputBytes(redisUrl) : NaN;
    const elapsed = performance.now() - t0;
    const accepted1 = await acceptedAt(); // the stats request itself is a few ms after the window
    const cpuAccepted = accepted1 - accepted0;
    const socks = probes.map((p) => p.take());
    const acked = windows.reduce((s, w) => s + w.acked, 0);
    const ack = windows.flatMap((w) => w.ackMs).sort((a, b) => a - b);
    const sock = socks.flatMap((s) => s.samples).sort((a, b) => a - b);
    for (const w of workers) w.postMessage({ type: 'stop' });
    if (args.has('verbose')) for (const t of targets) if (t.url) console.error(JSON.stringify(await ingestStats(t.url).catch((e: unknown) => String(e))));
    return {
      variant,
      mode,
      msgsPerS: Math.round((acked / elapsed) * 1000),
      acceptedPerS: Math.round(((accepted1 - accepted0) / elapsed) * 1000),
      ackP50: +quantile(ack, 0.5).toFixed(1),
      ackP99: +quantile(ack, 0.99).toFixed(1),
      sockP50: +quantile(sock, 0.5).toFixed(1),
      sockP99: +quantile(sock, 0.99).toFixed(1),
      sockItemsPerS: Math.round((socks.reduce((s, x) => s + x.items, 0) / elapsed) * 1000),
      serverCpuPct: Math.round(((cpu1 - cpu0) / elapsed) * 100 / targets.length),
      // per message the server handled: acked by the broker alone, accepted by nodes
      cpuUsPerMsg: +(((cpu1 - cpu0) * 1000) / Math.max(1, BROKER_ONLY.has(variant) ? acked : cpuAccepted)).toFixed(1),
      redisBytesPerMsg: +((redis1 - redis0) / Math.max(1, cpuAccepted)).toFixed(1),
      errors,
    };
  } finally {
    for (const p of probes) p.close();
    await Promise.all(workers.map((w) => w.terminate()));
    await cleanup();
  }
}

function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)];
}

const results: RunResult[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
  for (const mode of MODES) {
    for (const variant of order) {
      try {
        const r = await runOnce(variant, mode);
        console.log(JSON.stringify({ round, ...r }));
        results.push(r);
      } catch (err) {
        console.log(JSON.stringify({ round, variant, mode, failed: String(err) }));
      }
    }
  }
}

const lines = ['| variant | mode | acked msg/s (min–max) | accepted by nodes msg/s | ack p50 / p99 ms | ingest→socket p50 / p99 ms | socket items/s | server CPU % per process | server CPU µs/msg | Redis bytes/msg | vs its broker alone |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
for (const mode of MODES) {
  const rateOf = (v: string) => median(results.filter((r) => r.variant === v && r.mode === mode).map((r) => r.msgsPerS));
  for (const variant of VARIANTS) {
    const rs = results.filter((r) => r.variant === variant && r.mode === mode);
    if (rs.length === 0) continue;
    const m = (f: (r: RunResult) => number) => median(rs.map(f));
    const rates = rs.map((r) => r.msgsPerS);
    const label =
      {
        broker: 'embedded broker alone (no consumer work)',
        node: 'one node (embedded PGlite)',
        before: 'one node before (--before checkout)',
        mq: 'Mosquitto alone (no consumer)',
        pg1: 'one node (PostgreSQL, Mosquitto, Redis)',
        pg2: 'two nodes (PostgreSQL, Mosquitto, Redis)',
        pg2q: 'two nodes, no telemetry listener',
      }[variant] ?? variant;
    // nodes on the external broker compare their accepted rate with Mosquitto alone; the others with aedes alone
    const external = variant.startsWith('pg') || variant === 'mq';
    const own = external && variant !== 'mq' ? m((r) => r.acceptedPerS) : m((r) => r.msgsPerS);
    const base = rateOf(external ? 'mq' : 'broker');
    lines.push(
      `| ${label} | ${mode === 'paced' ? `paced ${RATE}/s` : 'max'} | ${m((r) => r.msgsPerS)} (${Math.min(...rates)}–${Math.max(...rates)}) | ${BROKER_ONLY.has(variant) ? '–' : m((r) => r.acceptedPerS)} | ${m((r) => r.ackP50)} / ${m((r) => r.ackP99)} | ${BROKER_ONLY.has(variant) ? '–' : `${m((r) => r.sockP50)} / ${m((r) => r.sockP99)}`} | ${BROKER_ONLY.has(variant) ? '–' : m((r) => r.sockItemsPerS)} | ${m((r) => r.serverCpuPct)} | ${m((r) => r.cpuUsPerMsg)} | ${Number.isFinite(m((r) => r.redisBytesPerMsg)) ? m((r) => r.redisBytesPerMsg) : '–'} | ${(own / base).toFixed(2)}× |`,
    );
  }
}
console.log(`\n${ROUNDS} round(s), warm-up ${WARMUP_MS} ms, measured ${MEASURE_MS} ms, ${CONNECTIONS} connections × window ${WINDOW}, ${loadDevices.length} devices\n`);
console.log(lines.join('\n'));
