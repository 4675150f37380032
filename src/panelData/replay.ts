import { attendanceSourceOf } from './attendance';
import { portalSourceOf } from './portalCounts';
import { homeSourceOf } from './home';
import { cycleSourceOf } from './cycles';
import { environmentSourceOf } from './environment';
import { EQUIPMENT, TUNNEL } from '../../protocol';
import type { RootStore } from '../stores';
import { createHistory, type HistoryService } from '../../workers/telemetry/History';
import { restHistory, type HistoryFetcher } from './history';
import { ReplaySource, type ReplayRange } from './ReplaySource';

export { ReplaySource, REPLAY_ALARM_LOOKBACK_MS, REPLAY_STATE_MS, type ReplayDeps, type ReplayRange } from './ReplaySource';
export { restHistory, type HistoryFetcher } from './history';
export { replayPlan, RAW_REPLAY_MAX_MS, REPLAY_LOOKBACK_MS, REPLAY_HOUR_DAYS, REPLAY_RAW_DAYS, type ReplayPlan, type ReplayTier } from './replayTier';

/**
 * Longest replay range (ms): 365 days. Ranges longer than 31 days, or older than the raw retention,
 * play from the hour rollups (src/panelData/replayTier.ts), kept 730 days.
 */
export const MAX_REPLAY_RANGE_MS = 365 * 24 * 60 * 60_000;

/**
 * The replay a viewer URL asks for: `from` and `to` (ms since epoch, integers, to ≥ from, at most
 * MAX_REPLAY_RANGE_MS apart), optional `at` (start instant, clamped into the range; default `from`) and
 * `speed` (× real time, > 0), and `play` (`1` plays at once, `0` opens paused; without it, the replay
 * plays when `speed` is given, as links made before `play` existed say).
 * @returns the range plus whether to play, or null (open live) when from/to are missing or invalid.
 */
export function parseReplayParams(params: URLSearchParams): (ReplayRange & { play: boolean }) | null {
  const int = (name: string): number | null => {
    const raw = params.get(name);
    if (raw === null || !/^-?\d{1,16}$/.test(raw.trim())) return null;
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : null;
  };
  const fromMs = int('from');
  const toMs = int('to');
  if (fromMs === null || toMs === null || toMs < fromMs || toMs - fromMs > MAX_REPLAY_RANGE_MS) return null;
  const at = int('at');
  const rawSpeed = params.get('speed');
  const speed = rawSpeed !== null && Number.isFinite(Number(rawSpeed)) && Number(rawSpeed) > 0 ? Number(rawSpeed) : undefined;
  const play = params.get('play');
  return { fromMs, toMs, atMs: at ?? fromMs, speed: speed ?? 1, play: play === '1' ? true : play === '0' ? false : speed !== undefined };
}

/**
 * A replay of `projectId` over `range` reading the app's device and tunnel lists, history from the
 * REST routes of docs/api.md (or `opts.history`) into the replay worker (or `opts.createHistory`);
 * `opts.rawDays`: the server's raw retention when it is not the default (REPLAY_RAW_DAYS).
 * Call start() to load and stop() when done.
 */
export function createReplaySource(
  root: RootStore,
  projectId: string,
  range: ReplayRange,
  opts: { history?: HistoryFetcher; createHistory?: () => HistoryService; rawDays?: number } = {},
): ReplaySource {
  return new ReplaySource(
    {
      projectId,
      fleet: (p, atMs) => root.request(EQUIPMENT.fleet, { projectId: p, atMs }, { skipErrorHandler: true }),
      tunnelProgress: (p, atMs) => root.request(TUNNEL.progressFigures, { projectId: p, atMs }, { skipErrorHandler: true }),
      cycles: cycleSourceOf(root),
      tunnelPlan: (p) => root.request(TUNNEL.plan, { projectId: p }, { skipErrorHandler: true }),
      attendance: attendanceSourceOf(root),
      portals: portalSourceOf(root),
      home: homeSourceOf(root),
      siteEnvironment: environmentSourceOf(root, false),
      history: opts.history ?? restHistory(root.request, (input, init) => root.fetchRoute(String(input), init ?? {})),
      createHistory: opts.createHistory ?? createHistory,
      devices: root.devices,
      tunnels: root.tunnels,
      rawDays: opts.rawDays,
    },
    range,
  );
}
