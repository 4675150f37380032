import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { BeaconTelemetry, TelemetryBatch } from '../../../protocol';
import type { Implementation } from '../load/types';
import type { Metrics } from '../metrics';
import { SCENE } from '../scene';
import { NaiveGasChart, type GasRow } from './NaiveGasChart';
import { NaivePersonnel, type PersonRow } from './NaivePersonnel';

type Listener = (json: string) => void;

/**
 * Grafana StreamingDataFrame style: append and cut the window, returning a new array so that React sees
 * a change.
 */
function appendWindow(rows: GasRow[] | undefined, row: GasRow): GasRow[] {
  const next = (rows ?? []).concat([row]);
  const cutMs = row.ts - SCENE.chartSpanMs;
  let first = 0;
  while (first < next.length && next[first].ts < cutMs) first++;
  return first > 0 ? next.slice(first) : next;
}

function NaiveApp({ onListen, metrics }: { onListen: (l: Listener) => void; metrics: Metrics }) {
  const [gas, setGas] = useState<Record<string, GasRow[]>>({});
  const [people, setPeople] = useState<Record<string, PersonRow>>({});
  const [, setCranes] = useState<Record<string, Record<string, unknown>>>({});
  // Bookkeeping for the latency metric only: the newest beacon ts handed to React so far.
  const newestBeaconTs = useRef(0);

  useEffect(() => {
    onListen((json) => {
      // The obvious implementation: parse each socket message on the main thread and fold it into React
      // state with one immutable update per message (concat for series, spread for latest values).
      const batch = JSON.parse(json) as TelemetryBatch;
      const { projectId } = batch;
      if (batch.topic === 'gas') {
        const items = batch.items;
        setGas((prev) => {
          const next = { ...prev };
          for (const { sn, ...m } of items) next[sn] = appendWindow(next[sn], m as GasRow);
          return next;
        });
      } else if (batch.topic === 'beacon') {
        const items = batch.items;
        if (items.length > 0) newestBeaconTs.current = Math.max(newestBeaconTs.current, items[0].ts);
        setPeople((prev) => {
          const next = { ...prev };
          for (const item of items) next[item.sn] = { ...(item as { sn: string } & BeaconTelemetry), projectId };
          return next;
        });
      } else {
        // Tower cranes and the other lifting equipment: latest values per device.
        const items = batch.items as Array<{ sn: string } & Record<string, unknown>>;
        setCranes((prev) => {
          const next = { ...prev };
          for (const { sn, ...m } of items) next[sn] = m;
          return next;
        });
      }
    });
  }, [onListen]);

  const rows = gas[SCENE.stationSn] ?? [];
  const shown = Object.values(people).filter((p) => p.projectId === SCENE.projectId && p.tunnelId === SCENE.tunnelId);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <NaiveGasChart rows={rows} metrics={metrics} />
      <NaivePersonnel people={shown} newestTsMs={newestBeaconTs.current} metrics={metrics} />
    </div>
  );
}

/**
 * The baseline: every frame JSON.parse'd and set into React state on the main thread, a uPlot chart
 * re-fed with full arrays on every change, one react-konva element per person.
 * @returns once the app is mounted and listening.
 */
export function mountNaive(root: HTMLElement, metrics: Metrics): Promise<Implementation> {
  return new Promise((resolve) => {
    const reactRoot = createRoot(root);
    const onListen = (listener: Listener) =>
      resolve({
        deliver: listener,
        dispose: () => reactRoot.unmount(),
      });
    reactRoot.render(<NaiveApp onListen={onListen} metrics={metrics} />);
  });
}
