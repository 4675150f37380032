import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, type DeviceKind, type DeviceMessage, type DeviceTopic } from '../../protocol';
import { createIngestHandler } from './handleMessage';
import { IngestCounter, LAST_REJECTS_KEPT } from './ingestStats';

const NOW = 1_700_000_000_000;
const REGISTERED: Record<string, DeviceKind> = { 'p1/GAS-1': 'gas', 'p1/BC1': 'beacon' };

function setup(onAccepted?: (t: DeviceTopic, m: DeviceMessage) => void) {
  const counter = new IngestCounter();
  const accepted: Array<{ topic: DeviceTopic; message: DeviceMessage; atMs: number }> = [];
  const errors: object[] = [];
  const handle = createIngestHandler({
    deviceKind: (projectId, sn) => REGISTERED[`${projectId}/${sn}`],
    onAccepted: (topic, message, atMs) => {
      onAccepted?.(topic, message);
      accepted.push({ topic, message, atMs });
    },
    counter,
    log: { error: (obj) => errors.push(obj) },
    now: () => NOW,
  });
  return { handle, counter, accepted, errors };
}

const goodGas = JSON.stringify({ ts: NOW, readings: { CO: 3, O2: 20.9 } });

describe('ingest handler', () => {
  it('accepts a valid message of a registered device, with the server receive time', () => {
    const { handle, counter, accepted } = setup();
    handle('zhgd/p1/gas/GAS-1/telemetry', Buffer.from(goodGas));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ topic: { projectId: 'p1', kind: 'gas', sn: 'GAS-1' }, atMs: NOW });
    expect(accepted[0].message).toEqual({ kind: 'gas', msg: { ts: NOW, readings: { CO: 3, O2: 20.9 } } });
    expect(counter.snapshot().accepted).toBe(1);
  });

  it.each([
    ['topic-grammar', 'zhgd/p1/gas/GAS-1', goodGas],
    ['topic-grammar', 'other/p1/gas/GAS-1/telemetry', goodGas],
    ['topic-kind', 'zhgd/p1/boiler/GAS-1/telemetry', goodGas],
    ['topic-channel', 'zhgd/p1/gas/GAS-1/alarm', goodGas],
    ['unknown-device', 'zhgd/p1/gas/GAS-404/telemetry', goodGas],
    ['unknown-device', 'zhgd/p2/gas/GAS-1/telemetry', goodGas],
    ['wrong-kind', 'zhgd/p1/gas/BC1/telemetry', goodGas],
    ['not-json', 'zhgd/p1/gas/GAS-1/telemetry', '{"ts":'],
    ['schema', 'zhgd/p1/gas/GAS-1/telemetry', JSON.stringify({ ts: NOW, readings: { CO: 'high' } })],
    ['schema', 'zhgd/p1/gas/GAS-1/telemetry', JSON.stringify({ ts: NOW, readings: { CO: 20_000 } })],
    ['schema', 'zhgd/p1/gas/GAS-1/telemetry', JSON.stringify({ ts: NOW, readings: {} })],
    ['too-large', 'zhgd/p1/gas/GAS-1/telemetry', ' '.repeat(MAX_PAYLOAD_BYTES + 1)],
  ] as const)('rejects %s (%s) and counts it', (reason, topic, payload) => {
    const { handle, counter, accepted } = setup();
    handle(topic, Buffer.from(payload));
    const stats = counter.snapshot();
    expect(accepted).toHaveLength(0);
    expect(stats.accepted).toBe(0);
    expect(stats.rejected[reason]).toBe(1);
    expect(Object.values(stats.rejected).reduce((a, b) => a + b, 0)).toBe(1);
    expect(stats.lastRejects).toEqual([expect.objectContaining({ atMs: NOW, topic: topic.slice(0, 256), reason })]);
  });

  it('keeps processing after bad messages and after a downstream failure', () => {
    let fail = true;
    const { handle, counter, accepted, errors } = setup(() => {
      if (fail) {
        fail = false;
        throw new Error('database gone');
      }
    });
    handle('zhgd/p1/gas/GAS-1/telemetry', Buffer.from('nope'));
    expect(() => handle('zhgd/p1/gas/GAS-1/telemetry', Buffer.from(goodGas))).not.toThrow();
    handle('zhgd/p1/gas/GAS-1/telemetry', Buffer.from(goodGas));
    expect(errors).toHaveLength(1);
    expect(accepted).toHaveLength(1);
    // the message whose handling threw is not counted as accepted: nothing of it was stored
    expect(counter.snapshot()).toMatchObject({ accepted: 1, rejected: { 'not-json': 1 } });
  });

  it('settles with the outcome of the alarm write, and counts a message accepted only once its alarm is stored', async () => {
    const outcomes: Array<'stored' | 'dead-letter' | 'abandoned'> = ['stored', 'dead-letter', 'abandoned'];
    const counter = new IngestCounter();
    const releases: Array<() => void> = [];
    const raws: string[] = [];
    const handle = createIngestHandler({
      deviceKind: (projectId, sn) => REGISTERED[`${projectId}/${sn}`],
      onAccepted: (_t, _m, _at, raw) => {
        raws.push(raw.topic);
        const outcome = outcomes.shift()!;
        return new Promise((resolve) => releases.push(() => resolve(outcome)));
      },
      counter,
      log: { error: () => undefined },
      now: () => NOW,
    });
    const settled = [0, 1, 2].map(() => handle('zhgd/p1/gas/GAS-1/telemetry', Buffer.from(goodGas)));
    await Promise.resolve();
    expect(counter.snapshot().accepted).toBe(0); // nothing stored yet
    for (const r of releases) r();
    expect(await Promise.all(settled)).toEqual(['accepted', 'dead-letter', 'abandoned']);
    expect(counter.snapshot()).toMatchObject({ accepted: 1, rejected: { 'dead-letter': 1 } });
    expect(raws).toEqual(Array(3).fill('zhgd/p1/gas/GAS-1/telemetry'));
    expect(await handle('zhgd/p1/gas/GAS-404/telemetry', goodGas)).toBe('rejected');
  });

  it('remembers only the last rejections, newest last', () => {
    const { handle, counter } = setup();
    for (let i = 0; i < LAST_REJECTS_KEPT + 10; i++) handle(`zhgd/p1/gas/X${i}/telemetry`, goodGas);
    const stats = counter.snapshot();
    expect(stats.rejected['unknown-device']).toBe(LAST_REJECTS_KEPT + 10);
    expect(stats.lastRejects).toHaveLength(LAST_REJECTS_KEPT);
    expect(stats.lastRejects.at(-1)?.topic).toBe(`zhgd/p1/gas/X${LAST_REJECTS_KEPT + 9}/telemetry`);
  });
});
