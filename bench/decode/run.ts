/**
 * Decode cost of the gateway's binary telemetry frame (protocol/telemetryFrame.ts) against JSON.parse of
 * the same batches, per value, in one process with the methods interleaved round by round (ABCCBA…),
 * so machine noise hits all of them alike.
 *
 *   npx tsx bench/decode/run.ts [--mult=10] [--rounds=6] [--ms=400]
 *
 * The batches are one second of the pipeline bench's load (bench/pipeline/load/generator.ts: the demo
 * fleet × mult, one batch per topic per 200 ms tick). A "value" is one leaf field of an item (sn, ts,
 * each reading). Methods:
 * - json:    JSON.parse of the batch's JSON text (what socket.io-client does with a text frame);
 * - frame:   decodeTelemetryFrame → typed-array column views (what the main thread does to route a frame);
 * - frame+strings: plus the string dictionary (sns, tunnel ids), decoded on first read;
 * - frame+rows: decode, then frameRows → item objects (what DeviceStore takes for `series` kinds).
 */
import { performance } from 'node:perf_hooks';
import { decodeTelemetryFrame, encodeTelemetryFrame, frameRows, type TelemetryBatch } from '../../protocol';
import { LoadGenerator } from '../pipeline/load/generator';

const arg = (name: string, dflt: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : dflt;
};
const mult = arg('mult', 10);
const rounds = arg('rounds', 6);
const msPerRun = arg('ms', 400);

const gen = new LoadGenerator(mult, 1);
const t0 = Date.now();
const batches: TelemetryBatch[] = [];
for (let tick = 0; tick < 5; tick++) batches.push(...gen.tick(t0 + tick * 200));

function leafCount(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 1;
  let n = 0;
  for (const x of Object.values(v)) n += leafCount(x);
  return n;
}
const values = batches.reduce((n, b) => n + b.items.reduce((m, i) => m + leafCount(i), 0), 0);
const jsons = batches.map((b) => JSON.stringify(b));
const frames = batches.map((b) => encodeTelemetryFrame(b));
const jsonBytes = jsons.reduce((n, j) => n + Buffer.byteLength(j), 0);
const frameBytes = frames.reduce((n, f) => n + f.byteLength, 0);

let sink = 0;
const methods: Record<string, () => void> = {
  json: () => {
    for (const j of jsons) sink += (JSON.parse(j) as TelemetryBatch).items.length;
  },
  frame: () => {
    for (const f of frames) sink += decodeTelemetryFrame(f).rows;
  },
  'frame+strings': () => {
    for (const f of frames) sink += decodeTelemetryFrame(f).strings.length;
  },
  'frame+rows': () => {
    for (const f of frames) sink += frameRows(decodeTelemetryFrame(f)).length;
  },
};
const names = Object.keys(methods);

/** Runs `fn` repeatedly for about `ms`; returns ns per value. */
function measure(fn: () => void, ms: number): number {
  let iters = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn();
    iters++;
    now = performance.now();
  }
  return ((now - start) * 1e6) / (iters * values);
}

for (const n of names) measure(methods[n], 200); // warm-up (JIT)
const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? names : [...names].reverse();
  for (const n of order) samples[n].push(measure(methods[n], msPerRun));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples.json);
console.log(`decode bench: ${mult}× load, 1 s = ${batches.length} batches, ${values} values; JSON ${jsonBytes} B, frames ${frameBytes} B; ${rounds} rounds interleaved, median`);
console.log('| method | ns/value | µs per 1 s of load | vs JSON.parse |');
console.log('|---|---:|---:|---:|');
for (const n of names) {
  const m = median(samples[n]);
  console.log(`| ${n} | ${m.toFixed(1)} | ${((m * values) / 1000).toFixed(0)} | ${(m / base).toFixed(2)}× |`);
}
if (sink === -1) console.log(sink);
