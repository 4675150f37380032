import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createKindRegistry,
  DEFAULT_OFFLINE_PERIODS,
  flatMetrics,
  gasKind,
  highThreshold,
  topicPermissions,
  tsMs,
  type DeviceKind,
  type DeviceKindDescriptor,
  type DeviceMessage,
  type DeviceTopic,
} from '../../protocol';
import { createIngestHandler } from '../../server/ingest/handleMessage';
import { IngestCounter } from '../../server/ingest/ingestStats';
import { DeviceMonitor } from '../../server/rules/deviceMonitor';
import { LiftDetector } from '../../server/rules/workRecords';
import { TelemetryImpl } from '../../workers/telemetry/TelemetryImpl';
import { equipmentPanels } from '../../src/panels/Equipment';
import { showsOneDevice } from '../../src/board/deviceClick';

/**
 * A kind that exists only in this test, registered the way docs/architecture.md "Adding a device kind" says:
 * one descriptor in a registry of its own, no code elsewhere. It flows through ingest, the rules and work
 * records, the live topic (its permission, the telemetry worker) and the builder's panel binding.
 */
const pileSchema = z.object({
  ts: tsMs,
  hammerLoadT: z.number().finite().min(0).max(100),
  momentPct: z.number().finite().min(0).max(300),
  windSpeedMps: z.number().finite().min(0).max(80),
});
const pileDriverKind = {
  kind: 'pileDriver',
  label: { id: 'kind.pileDriver', message: 'Pile driver' },
  channel: 'telemetry',
  schema: pileSchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: [
    { key: 'hammerLoadT', unit: 't', digits: 1, range: { min: 0, max: 100 }, label: { id: 'metric.pileDriver.hammerLoadT', message: 'Hammer load' } },
    { key: 'momentPct', unit: '%', digits: 1, range: { min: 0, max: 300 }, label: { id: 'metric.pileDriver.momentPct', message: 'Moment' } },
    { key: 'windSpeedMps', unit: 'm/s', digits: 1, range: { min: 0, max: 80 }, label: { id: 'metric.pileDriver.windSpeedMps', message: 'Wind speed' } },
  ],
  metricFields: flatMetrics(),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'test' },
  statuses: [],
  event: null,
  thresholds: [{ threshold: highThreshold('momentPct', '%', 90, 100, 0.9), source: 'test vector' }],
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'gantryFront',
    cardReadings: ['hammerLoadT', 'momentPct', 'windSpeedMps'],
    sharedCard: true,
    crane: true,
    workRecords: { by: 'lift', load: ['hammerLoadT'], moment: ['momentPct'] },
    demoMachine: { maker: 'Test', model: 'PD-1', ratedLoadT: 10 },
    archive: { height: 'hookHeight', span: null, ratedMoment: false },
  },
} satisfies DeviceKindDescriptor<'pileDriver', z.infer<typeof pileSchema>>;

const T0 = 1_700_000_000_000;
const kinds = createKindRegistry([gasKind, pileDriverKind]);
const TOPIC = 'zhgd/p1/pileDriver/PD-1/telemetry';
const reading = (hammerLoadT: number, momentPct: number, ts: number) => JSON.stringify({ ts, hammerLoadT, momentPct, windSpeedMps: 4 });

function ingest(registry?: typeof kinds) {
  const counter = new IngestCounter();
  const accepted: Array<{ topic: DeviceTopic; message: DeviceMessage }> = [];
  const handle = createIngestHandler({
    deviceKind: (projectId, sn) => (projectId === 'p1' && sn === 'PD-1' ? ('pileDriver' as DeviceKind) : undefined),
    onAccepted: (topic, message) => void accepted.push({ topic, message }),
    counter,
    log: { error: () => undefined },
    now: () => T0,
    ...(registry ? { kinds: registry } : {}),
  });
  return { handle, counter, accepted };
}

describe('a device kind added with one descriptor, end to end', () => {
  it('ingest accepts its topic and payload with its registry, and refuses out-of-range readings', async () => {
    const { handle, counter, accepted } = ingest(kinds);
    expect(await handle(TOPIC, reading(2, 40, T0))).toBe('accepted');
    expect(accepted[0]).toMatchObject({ topic: { kind: 'pileDriver', sn: 'PD-1' }, message: { kind: 'pileDriver', msg: { hammerLoadT: 2 } } });
    expect(await handle(TOPIC, reading(200, 40, T0))).toBe('rejected');
    expect(counter.snapshot().rejected.schema).toBe(1);
    // the app's registry does not know it
    const app = ingest();
    await app.handle(TOPIC, reading(2, 40, T0));
    expect(app.accepted).toEqual([]);
    expect(app.counter.snapshot().rejected['topic-kind']).toBe(1);
  });

  it('the rules judge it on its descriptor: default threshold, and its lifts become work records', async () => {
    const { handle, accepted } = ingest(kinds);
    for (const [load, moment, dt] of [
      [0, 0, 0],
      [6, 95, 1_000],
      [8, 104, 2_000],
      [0, 0, 3_000],
    ])
      await handle(TOPIC, reading(load, moment, T0 + dt));
    const monitor = new DeviceMonitor(
      { projectId: 'p1', sn: 'PD-1', kind: 'pileDriver' as DeviceKind, name: 'Pile driver 1', reportPeriodS: 2, thresholds: kinds.defaultThresholds('pileDriver') },
      { status: 'unknown', lastSeenMs: null, latest: null },
      T0,
      kinds,
    );
    const lifts = new LiftDetector(kinds);
    const alarms: string[][] = [];
    const records = [];
    for (const [i, { message }] of accepted.entries()) {
      // as each change is raised (the monitor keeps updating its open alarm)
      for (const a of monitor.accept(message, T0 + i * 1_000)) alarms.push([a.kind, a.metric, a.level, a.state]);
      const record = lifts.accept('p1', 'PD-1', 'pileDriver', kinds.flatten('pileDriver', message.msg), T0 + i * 1_000);
      if (record) records.push(record);
    }
    expect(alarms).toEqual([
      ['threshold', 'momentPct', 'warning', 'active'],
      ['threshold', 'momentPct', 'alarm', 'active'],
      ['threshold', 'momentPct', 'alarm', 'cleared'],
    ]);
    expect(records).toMatchObject([{ kind: 'pileDriver', startedAtMs: T0 + 1_000, endedAtMs: T0 + 3_000, peakLoadT: 8, peakMomentPct: 104 }]);
    // the app's detector does not know it
    expect(new LiftDetector().accept('p1', 'PD-1', 'pileDriver', { hammerLoadT: 5, momentPct: 50 }, T0)).toBeNull();
  });

  it('its live topic is named after it, needs its permission, and the telemetry worker folds its batches', async () => {
    expect(kinds.liveTopics).toEqual(['gas', 'pileDriver']);
    expect(topicPermissions(kinds)).toMatchObject({ pileDriver: 'project.read', gas: 'project.read', alarm: 'project.read' });
    const worker = new TelemetryImpl({ kinds });
    await worker.ingest({ topic: 'pileDriver', items: [{ sn: 'PD-1', ts: T0, hammerLoadT: 3, momentPct: 50, windSpeedMps: 4 }] } as never);
    const frame = await worker.window({ sn: 'PD-1', metrics: ['hammerLoadT', 'momentPct'], fromMs: T0 - 1_000, toMs: T0 + 1_000, widthPx: 100 });
    expect([...frame.x]).toEqual([T0]);
    expect(frame.ys.map((y) => [...y])).toEqual([[3], [50]]);
    await expect(new TelemetryImpl().ingest({ topic: 'pileDriver', items: [] } as never)).rejects.toThrow(/unknown topic/);
  });

  it('the builder offers its card bound to one device of it, which a click opens', () => {
    const panels = equipmentPanels(kinds);
    expect(panels.map((p) => p.type)).toEqual(['pileDriver']);
    expect(panels[0].bindings).toMatchObject([{ key: 'sn', target: { devices: ['pileDriver'] }, multiple: false }]);
    expect(panels[0].title).toMatchObject({ message: 'Pile driver' });
    expect(showsOneDevice(panels[0])).toBe(true);
  });
});
