/**
 * `npm run bench:replay` (bench/replay/README.md): the replay's history path against a naive baseline,
 * interleaved in one run (ABBA per round), at 1× and 10× the demo's beacons.
 *
 * naive: the history as raw rows in JSON (one object per fix), parsed on the calling thread, a seek
 * interpolates every beacon by scanning its rows. candidate: the replay's path, telemetry/history's
 * column JSON (protocol/api.ts TelemetryHistory) loaded into HistoryImpl (workers/telemetry, the replay
 * worker's code) and a seek answered by its binary search (the same `personnel` call the map makes).
 *
 * Figures: bytes transferred (JSON, and gzip as a browser would receive it), decode + load time, and
 * seek → positions p50/p95 over random seeks. The browser figures of issue 8 (seek → drawn, frame
 * interval during 60× playback, main-thread busy) need the page harness of bench/pipeline and are not
 * measured here (bench/replay/README.md says so).
 *
 *   npm run bench:replay                       # 1× 8 h and 10× 1 h, 2 rounds
 *   npm run bench:replay -- --quick            # 1× 1 h, 1 round
 *   npm run bench:replay -- --hours=8 --mult=1 --rounds=3
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { HistoryImpl } from '../../workers/telemetry/HistoryImpl';

/** Beacons of the demo project at 1× (issue 8's figure for a large site: 250 tags at 1 Hz). */
const BEACONS_1X = 250;
const TUNNEL_LENGTH_M = 3050;
const STALE_MS = 30_000;
const SEEKS = 200;

interface Args {
  hours: number[];
  mults: number[];
  rounds: number;
}

function parseArgs(argv: string[]): Args {
  const get = (k: string) => argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  if (argv.includes('--quick')) return { hours: [1], mults: [1], rounds: 1 };
  const mult = get('mult');
  const hours = get('hours');
  return {
    mults: mult ? [Number(mult)] : [1, 10],
    hours: hours ? [Number(hours)] : [],
    rounds: Number(get('rounds') ?? 2),
  };
}

/** mulberry32: the same seeded data for both sides. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One beacon's fixes: 1 Hz over the span, a walk with pauses, UWB noise of 0.3 m, rare SOS. */
interface Track {
  sn: string;
  ts: Float64Array;
  chainageM: Float64Array;
  battery: Uint8Array;
  sos: Uint8Array;
}

function makeTrack(i: number, fromMs: number, seconds: number): Track {
  const r = rng(1000 + i);
  const ts = new Float64Array(seconds);
  const chainageM = new Float64Array(seconds);
  const battery = new Uint8Array(seconds);
  const sos = new Uint8Array(seconds);
  let x = r() * TUNNEL_LENGTH_M;
  let v = 0;
  let bat = 100;
  for (let s = 0; s < seconds; s++) {
    if (r() < 0.01) v = r() < 0.5 ? 0 : (r() - 0.5) * 2.8;
    x = Math.min(TUNNEL_LENGTH_M, Math.max(0, x + v));
    if (r() < 0.0002) bat = Math.max(0, bat - 1);
    ts[s] = fromMs + s * 1000;
    chainageM[s] = Math.round((x + (r() - 0.5) * 0.6) * 100) / 100;
    battery[s] = bat;
    sos[s] = i === 0 && s > seconds / 2 && s < seconds / 2 + 120 ? 1 : 0;
  }
  return { sn: `BC${String(i).padStart(5, '0')}`, ts, chainageM, battery, sos };
}

/** The naive wire format: one object per fix, as a row-per-reading API returns them. */
function naiveJson(t: Track): string {
  const rows = new Array(t.ts.length);
  for (let k = 0; k < t.ts.length; k++) rows[k] = { sn: t.sn, ts: t.ts[k], tunnelId: 'LK', chainageM: t.chainageM[k], battery: t.battery[k], sos: t.sos[k] === 1 };
  return JSON.stringify(rows);
}

/** telemetry/history's column JSON of one device (protocol/api.ts TelemetryHistory series entry). */
function columnJson(t: Track): string {
  return JSON.stringify({ sn: t.sn, ts: Array.from(t.ts), values: { chainageM: Array.from(t.chainageM), battery: Array.from(t.battery), sos: Array.from(t.sos) }, truncated: false, readings: t.ts.length });
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

interface Result {
  bytes: number;
  gzipBytes: number;
  loadMs: number;
  seekP50: number;
  seekP95: number;
}

type Row = { sn: string; ts: number; tunnelId: string; chainageM: number; battery: number; sos: boolean };

async function runNaive(tracks: Track[], seeksAt: number[]): Promise<Result> {
  let bytes = 0;
  let gzipBytes = 0;
  const t0 = performance.now();
  const rowsBySn: Row[][] = [];
  for (const t of tracks) {
    const text = naiveJson(t);
    bytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text, { level: 6 }).length;
    rowsBySn.push(JSON.parse(text) as Row[]);
  }
  const loadMs = performance.now() - t0;
  const seekMs: number[] = [];
  for (const at of seeksAt) {
    const s0 = performance.now();
    const people: Array<{ sn: string; chainageM: number; sos: boolean }> = [];
    for (const rows of rowsBySn) {
      // the obvious way: the last row at or before the instant, scanning from the start
      let i = -1;
      for (let k = 0; k < rows.length && rows[k].ts <= at; k++) i = k;
      if (i < 0 || at - rows[i].ts >= STALE_MS) continue;
      const a = rows[i];
      const b = rows[i + 1];
      const c = b && b.ts > a.ts && b.ts - a.ts < STALE_MS ? a.chainageM + ((b.chainageM - a.chainageM) * (at - a.ts)) / (b.ts - a.ts) : a.chainageM;
      people.push({ sn: a.sn, chainageM: c, sos: a.sos });
    }
    people.sort((x, y) => x.chainageM - y.chainageM);
    seekMs.push(performance.now() - s0);
  }
  return { bytes, gzipBytes, loadMs, seekP50: quantile(seekMs, 0.5), seekP95: quantile(seekMs, 0.95) };
}

async function runCandidate(tracks: Track[], seeksAt: number[]): Promise<Result> {
  let bytes = 0;
  let gzipBytes = 0;
  const h = new HistoryImpl();
  const t0 = performance.now();
  for (const t of tracks) {
    const text = columnJson(t);
    bytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text, { level: 6 }).length;
    const s = JSON.parse(text) as { sn: string; ts: number[]; values: Record<string, number[]> };
    await h.load(s.sn, { ts: s.ts, values: s.values }, 'LK');
  }
  const loadMs = performance.now() - t0;
  const seekMs: number[] = [];
  for (const at of seeksAt) {
    const s0 = performance.now();
    await h.personnel({ nowMs: at, staleMs: STALE_MS, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: TUNNEL_LENGTH_M }], trailMs: 5 * 60_000 });
    seekMs.push(performance.now() - s0);
  }
  return { bytes, gzipBytes, loadMs, seekP50: quantile(seekMs, 0.5), seekP95: quantile(seekMs, 0.95) };
}

const MB = (b: number) => (b / 1e6).toFixed(1);
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const ratio = (c: number, n: number) => `${(c / n).toFixed(c / n < 0.1 ? 3 : 2)}×`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const cases = args.mults.map((mult) => ({ mult, hours: args.hours[0] ?? (mult === 1 ? 8 : 1), rounds: mult === 1 ? args.rounds : Math.min(args.rounds, 1) }));
  const header: string[] = [
    `# bench:replay ${new Date().toISOString()}`,
    '',
    `Node ${process.version}; ${args.rounds} round(s) at 1×, 1 at 10× (its naive side alone takes minutes), naive and candidate interleaved (ABBA); ${SEEKS} random seeks per run. Medians over runs.`,
    '',
    '| case | fixes | side | JSON MB | gzip MB | decode + load ms | seek → positions p50 ms | p95 ms |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  ];
  // printed as each case finishes, so a long run that is stopped still reports what it measured
  console.log(header.join('\n'));
  for (const c of cases) {
    const beacons = BEACONS_1X * c.mult;
    const seconds = c.hours * 3600;
    const fromMs = Date.UTC(2026, 0, 5, 0, 0, 0);
    process.stderr.write(`generating ${beacons} beacons × ${seconds} s …\n`);
    const tracks = Array.from({ length: beacons }, (_, i) => makeTrack(i, fromMs, seconds));
    const r = rng(7);
    const seeksAt = Array.from({ length: SEEKS }, () => fromMs + r() * seconds * 1000);
    const runs: Record<'naive' | 'candidate', Result[]> = { naive: [], candidate: [] };
    for (let round = 0; round < c.rounds; round++) {
      const order: Array<'naive' | 'candidate'> = round % 2 === 0 ? ['naive', 'candidate'] : ['candidate', 'naive'];
      for (const side of order) {
        process.stderr.write(`  ${c.mult}× ${c.hours} h round ${round + 1} ${side} …\n`);
        (globalThis as { gc?: () => void }).gc?.();
        runs[side].push(side === 'naive' ? await runNaive(tracks, seeksAt) : await runCandidate(tracks, seeksAt));
      }
    }
    const med = (side: 'naive' | 'candidate', k: keyof Result) => quantile(runs[side].map((x) => x[k]), 0.5);
    for (const side of ['naive', 'candidate'] as const) {
      console.log(
        `| ${c.mult}× ${beacons} beacons, ${c.hours} h | ${(beacons * seconds).toLocaleString('en')} | ${side} | ${MB(med(side, 'bytes'))} | ${MB(med(side, 'gzipBytes'))} | ${ms(med(side, 'loadMs'))} | ${ms(med(side, 'seekP50'))} | ${ms(med(side, 'seekP95'))} |`,
      );
    }
    console.log(
      `  - ${c.mult}× ${c.hours} h, candidate / naive: bytes ${ratio(med('candidate', 'bytes'), med('naive', 'bytes'))}, gzip ${ratio(med('candidate', 'gzipBytes'), med('naive', 'gzipBytes'))}, decode + load ${ratio(med('candidate', 'loadMs'), med('naive', 'loadMs'))}, seek p95 ${ratio(med('candidate', 'seekP95'), med('naive', 'seekP95'))}`,
    );
  }
}

void main();
