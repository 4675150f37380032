/**
 * The server's side of one compact tracks page (bench/replay/README.md "Last measured"): an hour of 250
 * beacons at 1 Hz written as chunks into an in-memory server's PGlite, then readRaw of the page and
 * encodeTracks timed separately, with the event loop's longest delay (node:perf_hooks
 * monitorEventLoopDelay) during each. The route's own figures (whole request, cache hit) come from
 * tests/integration/compactTracksLoad.test.ts, which prints them.
 *
 *   node --import tsx bench/replay/serverPage.ts [--rounds=3]
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { encodeTracks } from '../../protocol/trackCodec';
import { TRACKS_DEFAULT_GAP_MS, TRACKS_DEFAULT_TOLERANCE_M } from '../../protocol/history';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { readRaw, writeSealedChunks } from '../../server/storage';
import { beaconWalkChunk } from '../../fixtures/beaconWalk';

const BEACONS = 250;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PROJECT = 'bench-replay';

/** Runs `f` while sampling the event-loop delay: its duration and the longest delay, ms. */
async function timed<T>(f: () => Promise<T> | T): Promise<{ value: T; ms: number; maxDelayMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await new Promise((r) => setTimeout(r, 20)); // the histogram records from its second sample on
  const t = performance.now();
  const value = await f();
  const ms = performance.now() - t;
  await new Promise((r) => setTimeout(r, 10)); // the delay of a stretch is recorded by the next sample
  h.disable();
  return { value, ms, maxDelayMs: h.max / 1e6 };
}

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: 'memory://', SIMULATOR: 'off', ADMIN_PASSWORD: 'bench-replay-pw' }));
try {
  const t0 = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  for (let m = 0; m < 60; m++) await writeSealedChunks(server.db, Array.from({ length: BEACONS }, (_, b) => beaconWalkChunk(PROJECT, `BC${String(b).padStart(4, '0')}`, b, t0 + m * MINUTE)), () => 2);
  const sns = Array.from({ length: BEACONS }, (_, b) => `BC${String(b).padStart(4, '0')}`);
  console.log(`| round | readRaw ms | readRaw event-loop max ms | encodeTracks ms (one stretch) | bytes |\n|---:|---:|---:|---:|---:|`);
  for (let r = 1; r <= rounds; r++) {
    const read = await timed(() => readRaw(server.db, PROJECT, { sns }, t0, t0 + HOUR - 1));
    const inputs = [...read.value.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([sn, s]) => ({ sn, ts: s.ts, tunnelId: s.tunnelId, values: s.values }));
    const enc = await timed(() => encodeTracks(inputs, { fromMs: t0, toMs: t0 + HOUR - 1, nextCursor: null, toleranceM: TRACKS_DEFAULT_TOLERANCE_M, gapMs: TRACKS_DEFAULT_GAP_MS }));
    console.log(`| ${r} | ${read.ms.toFixed(0)} | ${read.maxDelayMs.toFixed(0)} | ${enc.ms.toFixed(0)} | ${enc.value.length} |`);
  }
} finally {
  await server.close();
}
