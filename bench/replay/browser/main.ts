/**
 * The browser side of `npm run bench:replay` (bench/replay/README.md): one side per page load.
 *
 * - `compact` (the replay's path): the compact tracks pages (protocol/trackCodec.ts) transferred to the
 *   replay worker (workers/telemetry/History.ts createHistory, the app's worker), positions asked of it per
 *   frame while playing (one request in flight, the last frame drawn meanwhile), with 5-minute trails as
 *   the personnel map asks.
 * - `naive` (the baseline): the raw rows as JSON (one object per fix), parsed on the main thread, every
 *   beacon interpolated on the main thread by scanning its rows from the start.
 *
 * Both draw the same dots on one canvas. The driver (bench/replay/browser.ts) calls `window.__replay`.
 */
import { createHistory, type HistoryService } from '../../../workers/telemetry/History';

const LENGTH_M = 3050;
const STALE_MS = 30_000;
type Row = { sn: string; ts: number; chainageM: number; sos: boolean };
type People = { chainageM: ArrayLike<number>; sos: ArrayLike<number> };

const canvas = document.getElementById('bore') as HTMLCanvasElement;
const g = canvas.getContext('2d')!;

function draw(p: People | null): void {
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#ddd';
  g.fillRect(0, 70, canvas.width, 20);
  if (!p) return;
  for (let i = 0; i < p.chainageM.length; i++) {
    g.fillStyle = p.sos[i] ? '#d00' : '#06c';
    g.fillRect((p.chainageM[i] / LENGTH_M) * canvas.width - 2, 76, 4, 8);
  }
}

const frame = () => new Promise<number>((r) => requestAnimationFrame(r));

let history: HistoryService | null = null;
let rows: Row[][] = [];

/** The naive seek: every beacon's last row at or before `at`, found by scanning from the start. */
function naivePositions(at: number): People {
  const chainageM: number[] = [];
  const sos: number[] = [];
  for (const list of rows) {
    let i = -1;
    for (let k = 0; k < list.length && list[k].ts <= at; k++) i = k;
    if (i < 0 || at - list[i].ts >= STALE_MS) continue;
    const a = list[i];
    const b = list[i + 1];
    chainageM.push(b && b.ts > a.ts && b.ts - a.ts < STALE_MS ? a.chainageM + ((b.chainageM - a.chainageM) * (at - a.ts)) / (b.ts - a.ts) : a.chainageM);
    sos.push(a.sos ? 1 : 0);
  }
  return { chainageM, sos };
}

async function compactPositions(at: number): Promise<People> {
  const f = await history!.personnel({ nowMs: at, staleMs: STALE_MS, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: LENGTH_M }], trailMs: 5 * 60_000 });
  return f.tunnels[0];
}

let side: 'naive' | 'compact' = 'naive';

const api = {
  /** Loads the side's data (not measured). */
  async setup(s: 'naive' | 'compact', pages: number): Promise<void> {
    side = s;
    if (s === 'compact') {
      history = createHistory();
      const bodies = await Promise.all(Array.from({ length: pages }, (_, i) => fetch(`./data/compact-${i}.bin`).then((r) => r.arrayBuffer())));
      await history.loadTracks(bodies);
    } else {
      rows = (await (await fetch('./data/naive.json')).json()) as Row[][];
    }
    draw(null);
    await frame();
  },
  /** Seek → drawn (ms) for each instant: positions asked, drawn, and the next frame presented. */
  async seeks(instants: number[]): Promise<number[]> {
    const out: number[] = [];
    for (const at of instants) {
      const t0 = performance.now();
      draw(side === 'compact' ? await compactPositions(at) : naivePositions(at));
      await frame();
      out.push(performance.now() - t0);
    }
    return out;
  },
  /** Plays from `fromMs` at `speed` for `ms` of real time; the intervals between animation frames (ms). */
  async play(fromMs: number, speed: number, ms: number): Promise<number[]> {
    const intervals: number[] = [];
    let last: People | null = null;
    let inflight = false;
    const start = await frame();
    let prev = start;
    for (;;) {
      const now = await frame();
      intervals.push(now - prev);
      prev = now;
      if (now - start >= ms) break;
      const at = fromMs + (now - start) * speed;
      if (side === 'naive') last = naivePositions(at);
      else if (!inflight) {
        inflight = true;
        void compactPositions(at).then((p) => {
          last = p;
          inflight = false;
        });
      }
      draw(last);
    }
    return intervals;
  },
};

(window as unknown as { __replay: typeof api }).__replay = api;
