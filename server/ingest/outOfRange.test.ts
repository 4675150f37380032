import { describe, expect, it } from 'vitest';
import type { DeviceTopic } from '../../protocol';
import { createIngestHandler } from './handleMessage';
import { IngestCounter } from './ingestStats';

const NOW = 1_700_000_000_000;

function setup() {
  const counter = new IngestCounter();
  const outOfRange: Array<{ topic: DeviceTopic; atMs: number }> = [];
  const handle = createIngestHandler({
    deviceKind: (projectId, sn) => (projectId === 'p1' && sn === 'GAS-1' ? 'gas' : undefined),
    onAccepted: () => undefined,
    onOutOfRange: (topic, atMs) => outOfRange.push({ topic, atMs }),
    counter,
    log: { error: () => undefined },
    now: () => NOW,
  });
  return { handle, counter, outOfRange };
}

describe('ingest: readings outside the physical range (sensor faults)', () => {
  it('tells the rules about a registered device whose reading lies outside its range, and still refuses it as schema', async () => {
    const { handle, counter, outOfRange } = setup();
    expect(await handle('zhgd/p1/gas/GAS-1/telemetry', JSON.stringify({ ts: NOW, readings: { CO: 20_000 } }))).toBe('rejected');
    expect(await handle('zhgd/p1/gas/GAS-1/telemetry', JSON.stringify({ ts: NOW, readings: { O2: -1 } }))).toBe('rejected');
    expect(outOfRange).toEqual([
      { topic: expect.objectContaining({ projectId: 'p1', sn: 'GAS-1' }), atMs: NOW },
      { topic: expect.objectContaining({ projectId: 'p1', sn: 'GAS-1' }), atMs: NOW },
    ]);
    expect(counter.snapshot().rejected.schema).toBe(2);
  });

  it.each([
    ['a wrong type', { ts: NOW, readings: { CO: 'high' } }],
    ['no reading', { ts: NOW, readings: {} }],
    ['a timestamp out of bounds (the clock, not a sensor)', { ts: 1, readings: { CO: 3 } }],
    ['a reading out of range next to an unknown gas', { ts: NOW, readings: { CO: 20_000, XX: 1 } }],
  ])('does not count %s as a sensor reading out of range', async (_what, payload) => {
    const { handle, counter, outOfRange } = setup();
    await handle('zhgd/p1/gas/GAS-1/telemetry', JSON.stringify(payload));
    expect(outOfRange).toEqual([]);
    expect(counter.snapshot().rejected.schema).toBe(1);
  });

  it('says nothing about unknown devices', async () => {
    const { handle, outOfRange } = setup();
    await handle('zhgd/p1/gas/GAS-404/telemetry', JSON.stringify({ ts: NOW, readings: { CO: 20_000 } }));
    expect(outOfRange).toEqual([]);
  });
});
