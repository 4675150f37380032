/**
 * Cold open of a replay of the last `--hours` hours (8 by default; bench/replay/README.md "Cold open"): from asking for the
 * beacons' compact tracks to the replay worker's code holding them, ready to seek: every page fetched
 * over real HTTP from a real server (in process, PGlite in memory, 250 beacons at 1 Hz written as sealed
 * chunks), decoded and loaded by HistoryImpl.loadTracks, as the replay does.
 *
 * baseline (the path before warming): every page encoded when asked, the client asking from the range's
 * own start (its first page partial); each round asks at a tolerance no page was encoded at yet
 * (0.5 m + round × 1 µm), so each round is a first open, as "the last 8 hours" is a new range each time.
 * candidate (now): the server has encoded the sealed hours and 10-minute slices ahead at the default
 * tolerance (its warming pass, TRACKS_WARM_HOURS set to `--hours`) and the client asks from the clock hour, so only the
 * slice still being written is encoded while the operator waits. One server, the same data; rounds
 * alternate ABBA.
 *
 *   node --import tsx bench/replay/coldOpen.ts [--rounds=4] [--beacons=200] [--hours=8]
 */
import { performance } from 'node:perf_hooks';
import { HISTORY } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed';
import { authedFetch, fillBeacons, median, numberArg, PASSWORD, signIn, type ApiClient } from './trackBench';
import { HistoryImpl } from '../../workers/telemetry/HistoryImpl';
import { fetchCompactTracks } from '../../src/panelData/history';
import { trackPageCursor } from '../../protocol/trackCodec';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';

const ROUNDS = numberArg('rounds', 4);
const BEACONS = numberArg('beacons', 200); // the demo's (server/seed/demoProject.ts DEMO_BEACON_COUNT)
const HOURS = numberArg('hours', 8);
const MINUTE = 60_000;
const demo = DEMO_PROJECT.projectId;

type Side = 'baseline' | 'candidate';

/** The old client: pages from the range's own start (the first page partial, so never a finished one). */
async function fetchFromRangeStart(req: { projectId: string; fromMs: number; toMs: number; toleranceM: number }, fetchImpl: typeof fetch): Promise<ArrayBuffer[]> {
  const pages: ArrayBuffer[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await fetchImpl(HISTORY.tracksCompact.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...req, ...(cursor ? { cursor } : {}) }) });
    const page = await res.arrayBuffer();
    pages.push(page);
    const next = trackPageCursor(new Uint8Array(page));
    if (next === null) return pages;
    cursor = String(next);
  }
}

async function open(side: Side, admin: ApiClient, round: number): Promise<{ ms: number; pages: number; bytes: number }> {
  const toMs = Date.now();
  const fromMs = toMs - HOURS * 3_600_000;
  const f = authedFetch(admin);
  const started = performance.now();
  const req = { projectId: demo, fromMs, toMs };
  const pages = side === 'candidate' ? await fetchCompactTracks(req, f) : await fetchFromRangeStart({ ...req, toleranceM: 0.5 + (round + 1) * 1e-6 }, f);
  const history = new HistoryImpl();
  await history.loadTracks(pages);
  return { ms: performance.now() - started, pages: pages.length, bytes: pages.reduce((n, p) => n + p.byteLength, 0) };
}

const startedAt = Date.now();
const fromMs = Math.floor((startedAt - HOURS * 3_600_000 - 3_600_000) / MINUTE) * MINUTE;
// chunks up to 4 minutes ago: sealed, as the telemetry writer leaves them; the last minutes are still open
const toMs = Math.floor((startedAt - 4 * MINUTE) / MINUTE) * MINUTE;
const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: 'memory://', SIMULATOR: 'off', DEMO_BACKFILL: 'off', ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_AUTH_PER_MINUTE: '0', RATE_LIMIT_API_PER_MINUTE: '0', TRACKS_WARM_HOURS: String(HOURS) }));
const admin = await signIn(server.url);
try {
  const filled = performance.now();
  await fillBeacons(server, BEACONS, fromMs, toMs);
  const fillMs = performance.now() - filled;
  // the warming pass the server makes each minute (the first one 20 s after its start)
  const t = performance.now();
  await server.tracks.warmNow();
  await server.tracks.warmNow();
  const warmMs = performance.now() - t;
  const sides: Side[] = ['baseline', 'candidate'];
  const runs: Record<Side, Array<{ ms: number; pages: number; bytes: number }>> = { baseline: [], candidate: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of r % 2 === 0 ? sides : [...sides].reverse()) runs[s].push(await open(s, admin, r));
  }
  const b = median(runs.baseline.map((x) => x.ms));
  const c = median(runs.candidate.map((x) => x.ms));
  console.log(`\nCold open of the last ${HOURS} h, ${BEACONS} beacons at 1 Hz (median of ${ROUNDS} rounds, ABBA; data written in ${(fillMs / 1000).toFixed(0)} s, the warming pass before the rounds took ${warmMs.toFixed(0)} ms)\n`);
  console.log('| side | open → ready to seek ms (median) | all rounds ms | pages | bytes |\n|---|---:|---|---:|---:|');
  for (const s of sides) {
    const xs = runs[s];
    console.log(`| ${s} | ${median(xs.map((x) => x.ms)).toFixed(0)} | ${xs.map((x) => x.ms.toFixed(0)).join(', ')} | ${xs[0].pages} | ${xs[0].bytes} |`);
  }
  console.log(`\nRatio candidate / baseline: ${(c / b).toFixed(3)}× (${c.toFixed(0)} ms vs ${b.toFixed(0)} ms)`);
} finally {
  await server.close();
}
