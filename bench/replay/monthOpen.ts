/**
 * Opening a replay of the last 30 days on a site whose beacons were heard only in its last hours (a new
 * site, or one back from a shutdown): from asking for the compact tracks of the positions' span (from the
 * first clock hour the 30-day raw retention still holds to now, as replayPlan clips a month or a year) to
 * the replay worker's code holding them. Real HTTP to a real server in process (PGlite in memory),
 * `--beacons` beacons at 1 Hz over the last `--hours` hours.
 *
 * baseline: one page per clock hour of the span, as the server cut them before quiet stretches: each asked
 * by its own request (so each is read and encoded, empty or not). candidate (now): fetchCompactTracks, where
 * the hours before the first fix come as one empty page per 24-hour request. Each round asks at a tolerance
 * no page was encoded at yet, so every round is a first open. One server, the same data; rounds alternate ABBA.
 *
 *   node --import tsx bench/replay/monthOpen.ts [--rounds=4] [--beacons=200] [--hours=2]
 */
import { performance } from 'node:perf_hooks';
import { HISTORY, TRACKS_COMPACT_PAGE_MS } from '../../protocol';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PROJECT } from '../../server/seed';
import { fetchCompactTracks } from '../../src/panelData/history';
import { replayPlan } from '../../src/panelData/replayTier';
import { HistoryImpl } from '../../workers/telemetry/HistoryImpl';
import { authedFetch, fillBeacons, median, numberArg, PASSWORD, signIn, type ApiClient } from './trackBench';

const ROUNDS = numberArg('rounds', 4);
const BEACONS = numberArg('beacons', 200);
const HOURS = numberArg('hours', 2);
const MINUTE = 60_000;
const DAY = 86_400_000;
const demo = DEMO_PROJECT.projectId;

type Side = 'baseline' | 'candidate';

/** Every clock hour of [fromMs, toMs] asked on its own, as the pages were cut before quiet stretches. */
async function hourByHour(req: { projectId: string; fromMs: number; toMs: number; toleranceM: number }, fetchImpl: typeof fetch): Promise<ArrayBuffer[]> {
  const pages: ArrayBuffer[] = [];
  for (let h = Math.floor(req.fromMs / TRACKS_COMPACT_PAGE_MS) * TRACKS_COMPACT_PAGE_MS; h <= req.toMs; h += TRACKS_COMPACT_PAGE_MS) {
    const body = { ...req, fromMs: h, toMs: Math.min(req.toMs, h + TRACKS_COMPACT_PAGE_MS - 1) };
    const res = await fetchImpl(HISTORY.tracksCompact.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!(res.headers.get('content-type') ?? '').startsWith('application/octet-stream')) throw new Error(`bench: ${await res.text()}`);
    pages.push(await res.arrayBuffer());
  }
  return pages;
}

async function open(side: Side, admin: ApiClient, round: number): Promise<{ ms: number; pages: number }> {
  const toMs = Date.now();
  const { positions } = replayPlan({ fromMs: toMs - 30 * DAY, toMs }, toMs);
  const f = authedFetch(admin);
  const toleranceM = 0.5 + (round + 1) * 1e-6;
  const req = { projectId: demo, fromMs: positions!.readFromMs, toMs };
  const started = performance.now();
  const pages = side === 'candidate' ? await fetchCompactTracks(req, (url, init) => f(url, { ...init, body: JSON.stringify({ ...JSON.parse(String(init?.body)), toleranceM }) })) : await hourByHour({ ...req, toleranceM }, f);
  await new HistoryImpl().loadTracks(pages);
  return { ms: performance.now() - started, pages: pages.length };
}

const now = Date.now();
const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: 'memory://', SIMULATOR: 'off', DEMO_BACKFILL: 'off', ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_AUTH_PER_MINUTE: '0', RATE_LIMIT_API_PER_MINUTE: '0' }));
const admin = await signIn(server.url);
try {
  await fillBeacons(server, BEACONS, Math.floor((now - HOURS * 3_600_000) / MINUTE) * MINUTE, Math.floor((now - 4 * MINUTE) / MINUTE) * MINUTE);
  const sides: Side[] = ['baseline', 'candidate'];
  const runs: Record<Side, Array<{ ms: number; pages: number }>> = { baseline: [], candidate: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of r % 2 === 0 ? sides : [...sides].reverse()) runs[s].push(await open(s, admin, r));
  }
  const b = median(runs.baseline.map((x) => x.ms));
  const c = median(runs.candidate.map((x) => x.ms));
  console.log(`\nOpening the last 30 days' positions, ${BEACONS} beacons heard over the last ${HOURS} h only (median of ${ROUNDS} rounds, ABBA)\n`);
  console.log('| side | open → ready to seek ms (median) | all rounds ms | pages |\n|---|---:|---|---:|');
  for (const s of sides) console.log(`| ${s} | ${median(runs[s].map((x) => x.ms)).toFixed(0)} | ${runs[s].map((x) => x.ms.toFixed(0)).join(', ')} | ${runs[s][0].pages} |`);
  console.log(`\nRatio candidate / baseline: ${(c / b).toFixed(3)}× (${c.toFixed(0)} ms vs ${b.toFixed(0)} ms)`);
} finally {
  await server.close();
}
