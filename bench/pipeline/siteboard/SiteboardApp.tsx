import { createRoot } from 'react-dom/client';
import { AppProviders } from '../../../src/app/providers';
import { activateLocale } from '../../../src/i18n/i18n';
import { GasTrendPanel } from '../../../src/panels/GasTrend/GasTrendPanel';
import { TunnelPersonnelPanel } from '../../../src/panels/TunnelPersonnel/TunnelPersonnelPanel';
import { RootStore } from '../../../src/stores';
import type { Implementation } from '../load/types';
import type { Metrics } from '../metrics';
import { SCENE } from '../scene';
import { workerLiveLink, type LiveWorkerConnection } from '../../../workers/telemetry/Live';
import { benchFetch } from './benchBackend';

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * Wraps the live store's frame queries and personnel watches (on this instance only) to report latency
 * samples: a chart frame carries its newest x; a pushed personnel frame its newest fix (`latestTs`).
 */
function instrument(store: RootStore, metrics: Metrics): void {
  const live = store.live;
  const window = live.window.bind(live);
  const watchPersonnel = live.watchPersonnel.bind(live);
  live.window = (req) =>
    window(req).then((frame) => {
      if (frame.x.length > 0) metrics.applied('chart', frame.x[frame.x.length - 1]);
      return frame;
    });
  live.watchPersonnel = (req, onFrame) =>
    watchPersonnel(req, (frame) => {
      metrics.raw.peopleDrawn = frame.tunnels.find((t) => t.tunnelId === SCENE.tunnelId)?.sns.length ?? 0;
      if (frame.latestTs != null) metrics.applied('personnel', frame.latestTs);
      onFrame(frame);
    });
}

/** The bench's copy of the product's live SharedWorker, its socket fed by the load worker (benchLive.shared.ts). */
function connectBenchLiveWorker(): LiveWorkerConnection {
  const w = new SharedWorker(new URL('./benchLive.shared.ts', import.meta.url), { type: 'module', name: 'siteboard-bench-live' });
  w.port.start();
  return { endpoint: w.port, release: () => w.port.close() };
}

/**
 * The candidate: the real app. A RootStore linked to the product's live SharedWorker code (LiveHost with
 * createLiveConnection + TopicHub, ring buffers) whose socket is a BenchSocket fed by the load worker
 * directly, and the real GasTrend and TunnelPersonnel panels inside the app's providers. REST answers come
 * from benchFetch.
 * @returns once the project is open and both panels have mounted and subscribed.
 */
export async function mountSiteboard(root: HTMLElement, metrics: Metrics, multiplier: number): Promise<Implementation> {
  await activateLocale('en');
  const store = new RootStore({ createLink: workerLiveLink(connectBenchLiveWorker), fetch: benchFetch(multiplier) });
  instrument(store, metrics);
  await store.openProject(SCENE.projectId);
  const reactRoot = createRoot(root);
  reactRoot.render(
    <AppProviders root={store}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <div style={{ width: SCENE.chartWidthPx, height: SCENE.chartHeightPx + SCENE.legendHeightPx }}>
          <GasTrendPanel
            panelId="bench-gas"
            config={{ sn: SCENE.stationSn, gases: [...SCENE.gases], windowMin: SCENE.chartSpanMs / 60_000 }}
            width={SCENE.chartWidthPx}
            height={SCENE.chartHeightPx + SCENE.legendHeightPx}
          />
        </div>
        <div style={{ width: SCENE.stripWidthPx, height: SCENE.stripHeightPx }}>
          <TunnelPersonnelPanel
            panelId="bench-people"
            config={{ tunnelIds: [SCENE.tunnelId], binM: 20, staleMs: 30_000, supplyPoints: false }}
            width={SCENE.stripWidthPx}
            height={SCENE.stripHeightPx}
          />
        </div>
      </div>
    </AppProviders>,
  );
  // Effects (topic retention, chart window) run after the first commit.
  await nextFrame();
  await nextFrame();
  return {
    liveWorker: true,
    deliver: () => {},
    dispose: () => {
      reactRoot.unmount();
      store.closeProject();
    },
  };
}
