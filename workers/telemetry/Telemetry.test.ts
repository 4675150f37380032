import { describe, expect, it } from 'vitest';
import { createInProcessTelemetry } from './Telemetry';

describe('createInProcessTelemetry', () => {
  it('serves the telemetry API on the calling thread', async () => {
    const t = createInProcessTelemetry();
    await t.ingest({ projectId: 'P1', topic: 'gas', items: [{ sn: 'G1', ts: 1_750_000_000_000, readings: { CO: 7 } }] });
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: 0, toMs: 2e12, widthPx: 10 });
    expect([...f.ys[0]]).toEqual([7]);
  });

  it('rejects every call after terminate()', async () => {
    const t = createInProcessTelemetry();
    t.terminate();
    await expect(t.reset()).rejects.toThrow(/terminated/);
    await expect(t.window({ sn: 'G1', metrics: [], fromMs: 0, toMs: 1, widthPx: 1 })).rejects.toThrow(/terminated/);
  });
});
