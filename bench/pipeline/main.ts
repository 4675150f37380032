import { benchParams, runBench, type BenchHandle } from './harness';
import type { Implementation } from './load/types';
import type { Metrics } from './metrics';

declare global {
  interface Window {
    /** Set once the page has parsed its parameters; the runner awaits `started` and `result()`. */
    __bench?: BenchHandle;
    /** Set when the parameters are invalid or mounting failed. */
    __benchError?: string;
  }
}

/** Loads only the implementation under test, so the other's code is never parsed in this page. */
async function mount(impl: 'naive' | 'siteboard' | 'idle', root: HTMLElement, metrics: Metrics, multiplier: number): Promise<Implementation> {
  if (impl === 'naive') return (await import('./naive/NaiveApp')).mountNaive(root, metrics);
  if (impl === 'siteboard') return (await import('./siteboard/SiteboardApp')).mountSiteboard(root, metrics, multiplier);
  // Harness overhead alone: frames are received and dropped.
  return { deliver: () => {}, dispose: () => {} };
}

const parsed = benchParams.safeParse(Object.fromEntries(new URLSearchParams(location.search)));
if (!parsed.success) {
  window.__benchError = `bad parameters: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  window.__bench = runBench(parsed.data, (metrics) => mount(parsed.data.impl, root, metrics, parsed.data.mult));
  window.__bench.started.catch((e: unknown) => (window.__benchError = `mount failed: ${String(e)}`));
}
