import { createRoot } from 'react-dom/client';
import { columnOf, decodeTelemetryFrame } from '../../../protocol';
import { AppProviders } from '../../../src/app/providers';
import { activateLocale } from '../../../src/i18n/i18n';
import { GasTrendPanel } from '../../../src/panels/GasTrend/GasTrendPanel';
import { TunnelPersonnelPanel } from '../../../src/panels/TunnelPersonnel/TunnelPersonnelPanel';
import { RootStore } from '../../../src/stores';
import type { Implementation } from '../load/types';
import type { Metrics } from '../metrics';
import { SCENE } from '../scene';
import { BenchSocket, benchFeeds, benchFetch } from './benchBackend';

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * Wraps the live store's frame queries (on this instance only) to report latency samples: a chart frame
 * carries its newest x; a personnel frame reflects every beacon batch ingested before the query (the
 * worker answers in order), so its newest ts is the newest beacon batch seen when the query was made.
 */
function instrument(store: RootStore, socket: BenchSocket, metrics: Metrics): void {
  let newestBeaconTs = 0;
  // The binary frame as the app receives it; only the header and the ts column are read (no strings).
  socket.on('telemetry.frame', (payload) => {
    const f = decodeTelemetryFrame(payload);
    const ts = columnOf(f, 'ts');
    if (f.topic === 'beacon' && f.rows > 0 && ts?.type === 'f64') newestBeaconTs = Math.max(newestBeaconTs, ts.values[0]);
  });
  const live = store.live;
  const window = live.window.bind(live);
  const personnel = live.personnel.bind(live);
  live.window = (req) =>
    window(req).then((frame) => {
      if (frame.x.length > 0) metrics.applied('chart', frame.x[frame.x.length - 1]);
      return frame;
    });
  live.personnel = (req) => {
    const newest = newestBeaconTs;
    return personnel(req).then((frame) => {
      metrics.raw.peopleDrawn = frame.tunnels.find((t) => t.tunnelId === SCENE.tunnelId)?.sns.length ?? 0;
      metrics.applied('personnel', newest);
      return frame;
    });
  };
}

/**
 * The candidate: the real app. A RootStore whose live feeds are the production streams code
 * (createLiveConnection + TopicHub) over a BenchSocket, the real telemetry worker (createTelemetry), and the
 * real GasTrend and TunnelPersonnel panels inside the app's providers. REST answers come from benchFetch.
 * @returns once the project is open and both panels have mounted and subscribed.
 */
export async function mountSiteboard(root: HTMLElement, metrics: Metrics, multiplier: number): Promise<Implementation> {
  await activateLocale('en');
  const socket = new BenchSocket();
  const store = new RootStore({ createFeeds: benchFeeds(socket), fetch: benchFetch(multiplier) });
  instrument(store, socket, metrics);
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
            config={{ tunnelIds: [SCENE.tunnelId], binM: 20, staleMs: 30_000 }}
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
    deliver: (_json, bin) => socket.receiveFrame(bin),
    dispose: () => {
      reactRoot.unmount();
      store.closeProject();
    },
  };
}
