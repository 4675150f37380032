import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Alarm, DeviceInfo, Threshold, TunnelInfo } from '../../protocol';
import { useStores } from '../stores';
import { frameScheduler, type NextFrame } from './FrameScheduler';
import { liveSourceOf } from './liveSource';
import type { AlarmFeedState, BoardClock, PanelDataMode, PanelDataSource, PanelFrameInfo, PersonnelFrame, PersonnelWatch, SeriesFrame, TelemetryTopic } from './types';

const PanelDataContext = createContext<PanelDataSource | null>(null);

/** Gives the panels below `source` (a replay) instead of the live source of the app's stores. */
export function PanelDataProvider({ source, children }: { source: PanelDataSource; children: ReactNode }) {
  return <PanelDataContext.Provider value={source}>{children}</PanelDataContext.Provider>;
}

/** The panel-data source of this part of the tree: the provided one, else the app's live source. */
export function usePanelData(): PanelDataSource {
  const provided = useContext(PanelDataContext);
  const root = useStores();
  return provided ?? liveSourceOf(root);
}

/** The board clock (`now()`: wall clock live, the replay instant in replay) and the mode. */
export function useBoardClock(): BoardClock & { mode: PanelDataMode } {
  const source = usePanelData();
  return { mode: source.mode, now: () => source.clock.now() };
}

/**
 * Runs `draw` in animation frames of the one frame scheduler, with the board clock's instant, while the
 * panel is visible: not when the tab is hidden, nor when `element` is offscreen or not displayed. `draw`
 * returns when it next wants to run (NextFrame: a `frameMs` time, `Infinity` for "when new data wakes the
 * scheduler", nothing for "the next frame"). The latest `draw` is used (no need to memoise it).
 */
export function useFrame(draw: (frame: PanelFrameInfo) => NextFrame, element?: RefObject<Element | null>): void {
  const source = usePanelData();
  const drawRef = useRef(draw);
  drawRef.current = draw;
  useEffect(() => {
    let onScreen = true;
    let observed: Element | null = null;
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            for (const e of entries) onScreen = e.isIntersecting;
          })
        : null;
    const unregister = frameScheduler.register({
      // The element is read per frame, not once: a panel that re-renders its host (a loading message, then
      // the canvas again) gets a new element, and a detached old one would skip the panel for good.
      visible: () => {
        const el = element?.current ?? null;
        if (el !== observed) {
          if (observed) io?.unobserve(observed);
          if (el) io?.observe(el);
          observed = el;
          onScreen = true;
        }
        return onScreen && (el === null || el.isConnected);
      },
      run: (frameMs) => drawRef.current({ nowMs: source.clock.now(), mode: source.mode, frameMs }),
    });
    return () => {
      unregister();
      io?.disconnect();
    };
  }, [source, element]);
}

/** The project's devices with their latest values and status as of the board clock. */
export function useDevices(): {
  all: readonly DeviceInfo[];
  get(sn: string): DeviceInfo | undefined;
  threshold(sn: string, metric: string): Threshold | undefined;
  loading: boolean;
} {
  const source = usePanelData();
  return {
    get all() {
      return source.devices();
    },
    get: (sn) => source.device(sn),
    threshold: (sn, metric) => source.device(sn)?.thresholds.find((t) => t.metric === metric),
    get loading() {
      return source.devicesLoading();
    },
  };
}

/** Latest values of device `sn` as of the board clock: `{ values, tsMs }` (null when none). */
export function useLatest(sn: string): { values: Record<string, number> | null; tsMs: number | null } {
  const d = usePanelData().device(sn);
  return { values: d?.latest ?? null, tsMs: d?.lastSeenMs ?? null };
}

/** The project's tunnels and whether they have loaded. */
export function useTunnels(): { tunnels: readonly TunnelInfo[]; loaded: boolean } {
  const source = usePanelData();
  return { tunnels: source.tunnels(), loaded: source.tunnelsLoaded() };
}

/**
 * Keeps a telemetry topic flowing while the panel is mounted (live; nothing in replay). Returns the
 * server's refusal message when it will not flow (the panel should say so), else null.
 */
export function useTelemetryTopic(topic: TelemetryTopic): string | null {
  const source = usePanelData();
  const epoch = source.epoch;
  useEffect(() => source.hold(topic), [source, epoch, topic]);
  return source.refusal(topic);
}

/** What {@link useSeries} asks for: metrics of one device over the `windowMs` ending at the board clock. */
export interface SeriesRequest {
  sn: string;
  metrics: string[];
  windowMs: number;
  /** Pixel width of the plot (M4 columns), read each time a frame is fetched. */
  widthPx: () => number;
}

/** Most often a series window is fetched without new data, in ms of real time (the window slides). */
export const SERIES_SLIDE_MS = 1000;
/** Most often a series is fetched in replay while the instant moves (ms of real time). */
export const REPLAY_SERIES_MS = 100;

/**
 * Series of one device over a window ending at the board clock, downsampled (M4) at the plot's width.
 * Each frame of the one scheduler asks for a new window when the device has new data, the instant
 * moved (replay) or the window must slide (live, every SERIES_SLIDE_MS); `onFrame` gets it with the
 * window's [fromMs, toMs]. Live, the window's history is loaded on open and after each reconnect.
 */
export function useSeries(req: SeriesRequest, onFrame: (frame: SeriesFrame, range: [number, number]) => void, element?: RefObject<Element | null>): void {
  const source = usePanelData();
  const epoch = source.epoch;
  const { sn, windowMs } = req;
  const metricsKey = req.metrics.join(',');
  const reqRef = useRef(req);
  reqRef.current = req;
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  useEffect(() => source.openSeries({ sn, metrics: metricsKey ? metricsKey.split(',') : [], windowMs }), [source, epoch, sn, metricsKey, windowMs]);
  const state = useRef({ version: -1, fetchedAt: -Infinity, at: NaN, inflight: false, key: '' });
  useFrame(({ nowMs, mode, frameMs }) => {
    const s = state.current;
    const key = `${epoch}|${sn}|${metricsKey}|${windowMs}`;
    if (s.key !== key) Object.assign(s, { key, version: -1, fetchedAt: -Infinity, at: NaN });
    // Live, the next fetch is due when the window must slide, or sooner when the device's new points wake
    // the scheduler; in replay every frame looks whether the instant moved.
    const nextLive = () => (mode === 'live' ? s.fetchedAt + SERIES_SLIDE_MS : undefined);
    if (s.inflight) return Infinity; // the answer wakes the scheduler
    const version = source.seriesVersion(sn);
    const due =
      mode === 'live'
        ? version !== s.version || frameMs - s.fetchedAt >= SERIES_SLIDE_MS
        : version !== s.version || (nowMs !== s.at && frameMs - s.fetchedAt >= REPLAY_SERIES_MS);
    if (!due) return nextLive();
    s.inflight = true;
    s.version = version;
    s.fetchedAt = frameMs;
    s.at = nowMs;
    const fromMs = nowMs - windowMs;
    const metrics = metricsKey ? metricsKey.split(',') : [];
    source
      .window({ sn, metrics, fromMs, toMs: nowMs, widthPx: Math.max(1, Math.min(16_384, Math.round(reqRef.current.widthPx()))) })
      .then((frame) => {
        if (s.key === key) onFrameRef.current(frame, [fromMs, nowMs]);
      })
      .catch(() => {
        // source stopping or restarting: the next frame asks again
      })
      .finally(() => {
        s.inflight = false;
        frameScheduler.wake();
      });
    return nextLive();
  }, element);
}

/**
 * Live, positions are fetched in the first animation frame after new ones arrived (the source's
 * positionsVersion); without new data, at least this often (ms), so fixes older than staleMs drop off.
 */
export const PERSONNEL_LIVE_MS = 500;
/** Most often they are fetched in replay while the instant moves (ms of real time). */
export const PERSONNEL_REPLAY_MS = 100;

/**
 * Positions of people per tunnel at the board clock (latest fixes live; interpolated in replay), with heat
 * bins, handed to `onFrame` from the frame scheduler: live, pushed by the source whenever positions changed
 * (watchPersonnel) and drawn in the next animation frame; from a source without watchPersonnel, fetched in
 * the first frame after new positions arrived (positionsVersion) and at least every PERSONNEL_LIVE_MS; in replay whenever the instant moved, at
 * most every PERSONNEL_REPLAY_MS. One request in flight per panel, so at most one frame (its typed arrays
 * transferred from the worker) per panel per animation frame; `onFrame` gets each one. `req.everyMs` (live)
 * asks for at most one frame per that many ms (a headline's counts).
 */
export function usePersonnel(req: PersonnelWatch, onFrame: (frame: PersonnelFrame) => void, element?: RefObject<Element | null>): void {
  const source = usePanelData();
  const reqRef = useRef(req);
  reqRef.current = req;
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  const state = useRef({ fetchedAt: -Infinity, at: NaN, inflight: false, version: -1 });
  const key = `${source.epoch}|${req.staleMs}|${req.binM}|${req.everyMs ?? 0}|${req.tunnels.map((t) => `${t.tunnelId}:${t.lengthM}`).join(',')}`;
  useEffect(() => {
    Object.assign(state.current, { fetchedAt: -Infinity, at: NaN, version: -1 });
  }, [key]);
  // Live: the source pushes a frame whenever positions changed; the newest one is handed over in the next
  // animation frame (older ones not yet drawn are dropped).
  const pushed = useRef<PersonnelFrame | null>(null);
  const watch = source.watchPersonnel;
  useEffect(() => {
    if (!watch) return;
    pushed.current = null;
    const { staleMs, binM, tunnels, everyMs } = reqRef.current;
    return watch.call(source, { staleMs, binM, tunnels, everyMs }, (frame) => {
      pushed.current = frame;
      frameScheduler.wake();
    });
    // `key` stands for the request (reqRef holds its latest value)
  }, [source, watch, key]);
  useFrame(({ nowMs, mode, frameMs }) => {
    const s = state.current;
    if (watch) {
      const frame = pushed.current;
      pushed.current = null;
      if (frame) onFrameRef.current(frame);
      return Infinity; // the next pushed frame wakes the scheduler
    }
    if (s.inflight) return Infinity; // the answer wakes the scheduler
    const version = source.positionsVersion?.() ?? -1;
    const due =
      mode === 'live'
        ? (version !== s.version && frameMs - s.fetchedAt >= (reqRef.current.everyMs ?? 0)) || frameMs - s.fetchedAt >= Math.max(PERSONNEL_LIVE_MS, reqRef.current.everyMs ?? 0)
        : (nowMs !== s.at || version !== s.version) && frameMs - s.fetchedAt >= PERSONNEL_REPLAY_MS;
    if (!due) return;
    s.inflight = true;
    s.version = version;
    s.fetchedAt = frameMs;
    s.at = nowMs;
    source
      .personnel({ staleMs: reqRef.current.staleMs, binM: reqRef.current.binM, tunnels: reqRef.current.tunnels, nowMs })
      .then((frame) => onFrameRef.current(frame))
      .catch(() => {
        // source stopping or restarting: the next frame asks again
      })
      .finally(() => {
        s.inflight = false;
        frameScheduler.wake();
      });
    return Infinity;
  }, element);
}

/** The alarm feed as of the board clock (in replay: raised up to the instant, with their state then). */
export function useAlarmFeed(): AlarmFeedState {
  return usePanelData().alarmFeed();
}

/** Alarms raised within [fromMs, toMs] (ms since epoch), newest first, e.g. timeline markers. */
export function useAlarmsInRange(fromMs: number, toMs: number): readonly Alarm[] {
  return usePanelData().alarmsInRange(fromMs, toMs);
}

/**
 * The board clock's instant as state, updated at most every `everyMs` of real time through the frame
 * scheduler (for text such as "Replaying 10:32:05").
 */
export function useClockInstant(everyMs = 250): number {
  const source = usePanelData();
  const [at, setAt] = useState(() => source.clock.now());
  const last = useRef(-Infinity);
  useFrame(({ nowMs, frameMs }) => {
    if (frameMs - last.current < everyMs) return last.current + everyMs;
    last.current = frameMs;
    setAt((prev) => (Math.floor(prev / 1000) === Math.floor(nowMs / 1000) ? prev : nowMs));
    return frameMs + everyMs;
  });
  return at;
}
