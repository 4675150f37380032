/**
 * `npm run bench:replay` (bench/replay/README.md): the replay's history path against a naive baseline,
 * interleaved in one run (ABBA per round), at 1× and 10× the demo's beacons.
 *
 * naive: the history as raw rows in JSON (one object per fix), parsed on the calling thread, a seek
 * interpolates every beacon by scanning its rows. column: telemetry/history's column JSON (protocol/api.ts
 * TelemetryHistory) loaded into HistoryImpl (workers/telemetry, the replay worker's code), what the
 * replay read before compact tracks. compact (the candidate): telemetry/tracks/compact's binary pages
 * (protocol/trackCodec.ts, default tolerance) decoded by HistoryImpl.loadTracks, as the replay does now.
 * Seeks are answered by HistoryImpl's binary search (the same `personnel` call the map makes).
 *
 * Figures: bytes transferred (JSON, and gzip as a browser would receive it), decode + load time, and
 * seek → positions p50/p95 over random seeks. The browser figures (seek → drawn, frame
 * interval during 60× playback, main-thread busy) need the page harness of bench/pipeline and are not
 * measured here (bench/replay/README.md says so).
 *
 *   npm run bench:replay                       # 1× 8 h (2 rounds) and 10× 8 h (compact in full, the JSON sides' bytes from a sample)
 *   npm run bench:replay -- --quick            # 1× 1 h, 1 round
 *   npm run bench:replay -- --hours=8 --mult=1 --rounds=3
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { HistoryImpl } from '../../workers/telemetry/HistoryImpl';
import { encodeTracks, type TrackInput } from '../../protocol/trackCodec';
import { measureBrowser, type BrowserResult } from './browser';
import { TRACKS_COMPACT_PAGE_MS, TRACKS_DEFAULT_GAP_MS, TRACKS_DEFAULT_TOLERANCE_M } from '../../protocol/history';
import { mulberry32 as rng } from '../../protocol/mulberry32';

/** Beacons of the demo project at 1× (a large site: 250 tags at 1 Hz). */
const BEACONS_1X = 250;
const TUNNEL_LENGTH_M = 3050;
const STALE_MS = 30_000;
const SEEKS = 200;
/** Seeks per browser run. */
const BROWSER_SEEKS = 40;
/** Real time of 60× playback per browser run (ms). */
const BROWSER_PLAY_MS = 5_000;

interface Args {
  hours: number[];
  mults: number[];
  rounds: number;
  /** Run the browser rows (Chromium); off with --no-browser. */
  browser: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (k: string) => argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const browser = !argv.includes('--no-browser');
  if (argv.includes('--browser-only')) return { hours: [], mults: [], rounds: Number(get('rounds') ?? 2), browser: true };
  if (argv.includes('--quick')) return { hours: [1], mults: [1], rounds: 1, browser };
  const mult = get('mult');
  const hours = get('hours');
  return {
    mults: mult ? [Number(mult)] : [1, 10],
    hours: hours ? [Number(hours)] : [],
    rounds: Number(get('rounds') ?? 2),
    browser,
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

/**
 * A beacon's fix generator, second by second from `fromMs` (the same sequence whether read at once or
 * page by page): a walk with pauses along the bore, UWB noise of 0.3 m, a slowly draining battery, and
 * beacon 0 raising SOS for 2 minutes in the middle of `seconds`.
 */
function beaconGen(i: number, fromMs: number, seconds: number): (from: number, to: number) => Track {
  const r = rng(1000 + i);
  let x = r() * TUNNEL_LENGTH_M;
  let v = 0;
  let bat = 100;
  let next = 0;
  const sn = `BC${String(i).padStart(5, '0')}`;
  return (from, to) => {
    if (from !== next) throw new Error('beaconGen: read in order');
    const n = to - from;
    const t: Track = { sn, ts: new Float64Array(n), chainageM: new Float64Array(n), battery: new Uint8Array(n), sos: new Uint8Array(n) };
    for (let s = from; s < to; s++) {
      if (r() < 0.01) v = r() < 0.5 ? 0 : (r() - 0.5) * 2.8;
      x = Math.min(TUNNEL_LENGTH_M, Math.max(0, x + v));
      if (r() < 0.0002) bat = Math.max(0, bat - 1);
      const k = s - from;
      t.ts[k] = fromMs + s * 1000;
      t.chainageM[k] = Math.round((x + (r() - 0.5) * 0.6) * 100) / 100;
      t.battery[k] = bat;
      t.sos[k] = i === 0 && s > seconds / 2 && s < seconds / 2 + 120 ? 1 : 0;
    }
    next = to;
    return t;
  };
}

function makeTrack(i: number, fromMs: number, seconds: number): Track {
  return beaconGen(i, fromMs, seconds)(0, seconds);
}

/** A page of a track as the compact encoder takes it (what storage reads: ts, tunnel and metric columns). */
function trackInput(t: Track): TrackInput {
  return { sn: t.sn, ts: t.ts, tunnelId: new Array<string>(t.ts.length).fill('LK'), values: { chainageM: t.chainageM, battery: t.battery, sos: t.sos } };
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
  /** Server side: building the answer bodies (compact: simplification and encoding), ms. NaN when not measured. */
  encodeMs: number;
  loadMs: number;
  seekP50: number;
  seekP95: number;
  /** Points held by the replay worker after loading. */
  points: number;
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
  return { bytes, gzipBytes, encodeMs: NaN, loadMs, seekP50: quantile(seekMs, 0.5), seekP95: quantile(seekMs, 0.95), points: rowsBySn.reduce((n, r) => n + r.length, 0) };
}

async function runColumn(tracks: Track[], seeksAt: number[]): Promise<Result> {
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
  return { bytes, gzipBytes, encodeMs: NaN, loadMs, seekP50: quantile(seekMs, 0.5), seekP95: quantile(seekMs, 0.95), points: tracks.length * (tracks[0]?.ts.length ?? 0) };
}

/**
 * The compact side: one body per TRACKS_COMPACT_PAGE_MS page with every beacon (as the route answers),
 * encoded from `page(from, to)` (seconds of the range, read in order), then all pages decoded by
 * HistoryImpl.loadTracks and the same seeks as the other sides.
 */
async function runCompact(beacons: number, seconds: number, page: (from: number, to: number) => Track[], fromMs: number, seeksAt: number[]): Promise<Result> {
  const pageS = TRACKS_COMPACT_PAGE_MS / 1000;
  const bodies: ArrayBuffer[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  let encodeMs = 0;
  for (let s = 0; s < seconds; s += pageS) {
    const to = Math.min(seconds, s + pageS);
    const inputs = page(s, to).map(trackInput);
    const e0 = performance.now();
    const body = encodeTracks(inputs, {
      fromMs: fromMs + s * 1000,
      toMs: fromMs + to * 1000 - 1,
      nextCursor: to < seconds ? fromMs + to * 1000 : null,
      toleranceM: TRACKS_DEFAULT_TOLERANCE_M,
      gapMs: TRACKS_DEFAULT_GAP_MS,
    });
    encodeMs += performance.now() - e0;
    bytes += body.length;
    gzipBytes += gzipSync(body, { level: 6 }).length;
    bodies.push(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
  }
  const h = new HistoryImpl();
  const t0 = performance.now();
  const loaded = await h.loadTracks(bodies);
  const loadMs = performance.now() - t0;
  if (loaded.beacons !== beacons) throw new Error(`compact: ${loaded.beacons} of ${beacons} beacons loaded`);
  const seekMs: number[] = [];
  for (const at of seeksAt) {
    const s0 = performance.now();
    await h.personnel({ nowMs: at, staleMs: STALE_MS, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: TUNNEL_LENGTH_M }], trailMs: 5 * 60_000 });
    seekMs.push(performance.now() - s0);
  }
  return { bytes, gzipBytes, encodeMs, loadMs, seekP50: quantile(seekMs, 0.5), seekP95: quantile(seekMs, 0.95), points: loaded.points };
}

const MB = (b: number) => (b / 1e6).toFixed(b < 1e7 ? 2 : 1);
const ms = (x: number) => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const ratio = (c: number, n: number) => `${(c / n).toFixed(c / n < 0.1 ? 4 : 2)}×`;

type Side = 'naive' | 'column' | 'compact';
const SIDES: Side[] = ['naive', 'column', 'compact'];

/** The compact bodies of `tracks` over `seconds`, one per page (as the route answers them). */
function compactPages(tracks: Track[], fromMs: number, seconds: number): Uint8Array[] {
  const pageS = TRACKS_COMPACT_PAGE_MS / 1000;
  const out: Uint8Array[] = [];
  for (let s = 0; s < seconds; s += pageS) {
    const to = Math.min(seconds, s + pageS);
    const inputs = tracks.map((t) => trackInput({ sn: t.sn, ts: t.ts.subarray(s, to), chainageM: t.chainageM.subarray(s, to), battery: t.battery.subarray(s, to), sos: t.sos.subarray(s, to) }));
    out.push(encodeTracks(inputs, { fromMs: fromMs + s * 1000, toMs: fromMs + to * 1000 - 1, nextCursor: to < seconds ? fromMs + to * 1000 : null, toleranceM: TRACKS_DEFAULT_TOLERANCE_M, gapMs: TRACKS_DEFAULT_GAP_MS }));
  }
  return out;
}

/** The browser rows: 1× over 1 hour, naive against compact; and compact alone over 8 hours (the naive rows of 8 h exceed a browser's string limit). */
async function browserRows(rounds: number): Promise<void> {
  const fromMs = Date.UTC(2026, 0, 5, 0, 0, 0);
  const lines = [
    '',
    `Browser (Chromium headless, a fresh page per run, ${rounds} round(s) ABBA; ${BROWSER_SEEKS} seeks; 60× playback for ${BROWSER_PLAY_MS / 1000} s; medians over runs):`,
    '',
    '| case | side | seek → drawn p50 ms | p95 ms | frame interval p99 ms (60×) | main-thread busy ms/s (60×) |',
    '|---|---|---:|---:|---:|---:|',
  ];
  console.log(lines.join('\n'));
  const row = (label: string, side: string, x: BrowserResult | undefined) =>
    x && console.log(`| ${label} | ${side} | ${ms(x.seekP50)} | ${ms(x.seekP95)} | ${ms(x.frameP99)} | ${ms(x.busyMsPerS)} |`);
  for (const hours of [1, 8]) {
    const seconds = hours * 3600;
    const r = rng(11);
    const seeksAt = Array.from({ length: BROWSER_SEEKS }, () => fromMs + r() * seconds * 1000);
    process.stderr.write(`browser: ${BEACONS_1X} beacons × ${hours} h …\n`);
    const tracks = Array.from({ length: BEACONS_1X }, (_, i) => makeTrack(i, fromMs, seconds));
    const withNaive = hours === 1;
    const naive = withNaive ? `[${tracks.map(naiveJson).join(',')}]` : '';
    const res = await measureBrowser({ compactPages: compactPages(tracks, fromMs, seconds), naiveJson: naive, fromMs, seconds, seeksAt }, { rounds, playMs: BROWSER_PLAY_MS, sides: withNaive ? ['naive', 'compact'] : ['compact'] });
    const label = `1× ${BEACONS_1X} beacons, ${hours} h`;
    row(label, 'naive', res.naive);
    row(label, 'compact', res.compact);
    if (res.naive && res.compact) {
      console.log(
        `  - ${label}, compact / naive: seek → drawn p95 ${ratio(res.compact.seekP95, res.naive.seekP95)}, frame p99 ${ratio(res.compact.frameP99, res.naive.frameP99)}, main-thread busy ${ratio(res.compact.busyMsPerS, res.naive.busyMsPerS)}`,
      );
    }
  }
}

/**
 * Bytes of the naive and column JSON of every `every`-th beacon, times `every`: the 10× 8 h case's JSON
 * sides, whose rows do not fit the bench's heap (72 million fixes as objects).
 */
function sampledJsonBytes(beacons: number, fromMs: number, seconds: number, every: number): Record<'naive' | 'column', { bytes: number; gzipBytes: number }> {
  const out = { naive: { bytes: 0, gzipBytes: 0 }, column: { bytes: 0, gzipBytes: 0 } };
  for (let i = 0; i < beacons; i += every) {
    const t = makeTrack(i, fromMs, seconds);
    for (const [side, text] of [['naive', naiveJson(t)], ['column', columnJson(t)]] as const) {
      out[side].bytes += Buffer.byteLength(text) * every;
      out[side].gzipBytes += gzipSync(text, { level: 6 }).length * every;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const cases = args.mults.map((mult) => ({ mult, hours: args.hours[0] ?? 8, rounds: mult === 1 ? args.rounds : 1, full: mult === 1 }));
  const header: string[] = [
    `# bench:replay ${new Date().toISOString()}`,
    '',
    `Node ${process.version}; ${args.rounds} round(s) at 1×, sides rotated per round; at 10× only the compact side runs in full (the JSON sides' bytes from every 10th beacon, ×10). ${SEEKS} random seeks per run. Medians over runs. Compact tracks at tolerance ${TRACKS_DEFAULT_TOLERANCE_M} m.`,
    '',
    '| case | fixes | side | bytes MB | gzip MB | encode ms | decode + load ms | worker points | seek → positions p50 ms | p95 ms |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  // printed as each case finishes, so a long run that is stopped still reports what it measured
  if (cases.length > 0) console.log(header.join('\n'));
  for (const c of cases) {
    const beacons = BEACONS_1X * c.mult;
    const seconds = c.hours * 3600;
    const fromMs = Date.UTC(2026, 0, 5, 0, 0, 0);
    const r = rng(7);
    const seeksAt = Array.from({ length: SEEKS }, () => fromMs + r() * seconds * 1000);
    const label = `${c.mult}× ${beacons} beacons, ${c.hours} h`;
    const fixes = (beacons * seconds).toLocaleString('en');
    const row = (side: string, x: Partial<Result>) =>
      console.log(
        `| ${label} | ${fixes} | ${side} | ${MB(x.bytes ?? NaN)} | ${MB(x.gzipBytes ?? NaN)} | ${ms(x.encodeMs ?? NaN)} | ${ms(x.loadMs ?? NaN)} | ${x.points === undefined ? '–' : x.points.toLocaleString('en')} | ${ms(x.seekP50 ?? NaN)} | ${ms(x.seekP95 ?? NaN)} |`,
      );
    if (!c.full) {
      process.stderr.write(`  ${label}: compact …\n`);
      const gens = Array.from({ length: beacons }, (_, i) => beaconGen(i, fromMs, seconds));
      const compact = await runCompact(beacons, seconds, (a, b) => gens.map((g) => g(a, b)), fromMs, seeksAt);
      process.stderr.write(`  ${label}: JSON bytes of every 10th beacon …\n`);
      const sampled = sampledJsonBytes(beacons, fromMs, seconds, 10);
      row('naive (bytes from a 1-in-10 sample)', sampled.naive);
      row('column (bytes from a 1-in-10 sample)', sampled.column);
      row('compact', compact);
      console.log(
        `  - ${label}, compact / naive: bytes ${ratio(compact.bytes, sampled.naive.bytes)}, gzip ${ratio(compact.gzipBytes, sampled.naive.gzipBytes)}; compact / column: gzip ${ratio(compact.gzipBytes, sampled.column.gzipBytes)}`,
      );
      continue;
    }
    process.stderr.write(`generating ${beacons} beacons × ${seconds} s …\n`);
    const tracks = Array.from({ length: beacons }, (_, i) => makeTrack(i, fromMs, seconds));
    const slice = (a: number, b: number) => tracks.map((t) => ({ sn: t.sn, ts: t.ts.subarray(a, b), chainageM: t.chainageM.subarray(a, b), battery: t.battery.subarray(a, b), sos: t.sos.subarray(a, b) }));
    const runs: Record<Side, Result[]> = { naive: [], column: [], compact: [] };
    for (let round = 0; round < c.rounds; round++) {
      const order = SIDES.map((_, k) => SIDES[(k + round) % SIDES.length]);
      if (round % 2 === 1) order.reverse();
      for (const side of order) {
        process.stderr.write(`  ${label} round ${round + 1} ${side} …\n`);
        (globalThis as { gc?: () => void }).gc?.();
        runs[side].push(side === 'naive' ? await runNaive(tracks, seeksAt) : side === 'column' ? await runColumn(tracks, seeksAt) : await runCompact(beacons, seconds, slice, fromMs, seeksAt));
      }
    }
    const med = (side: Side, k: keyof Result) => quantile(runs[side].map((x) => x[k]), 0.5);
    const medians = (side: Side): Result => ({ bytes: med(side, 'bytes'), gzipBytes: med(side, 'gzipBytes'), encodeMs: med(side, 'encodeMs'), loadMs: med(side, 'loadMs'), seekP50: med(side, 'seekP50'), seekP95: med(side, 'seekP95'), points: med(side, 'points') });
    for (const side of SIDES) row(side, medians(side));
    console.log(
      `  - ${label}, compact / naive: bytes ${ratio(med('compact', 'bytes'), med('naive', 'bytes'))}, gzip ${ratio(med('compact', 'gzipBytes'), med('naive', 'gzipBytes'))}, decode + load ${ratio(med('compact', 'loadMs'), med('naive', 'loadMs'))}, seek p95 ${ratio(med('compact', 'seekP95'), med('naive', 'seekP95'))}; compact / column: gzip ${ratio(med('compact', 'gzipBytes'), med('column', 'gzipBytes'))}, decode + load ${ratio(med('compact', 'loadMs'), med('column', 'loadMs'))}, seek p95 ${ratio(med('compact', 'seekP95'), med('column', 'seekP95'))}`,
    );
  }
  if (args.browser) await browserRows(args.rounds);
}

void main();
