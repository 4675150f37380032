import { describe, expect, it } from 'vitest';
import { decodeTelemetryFrame, encodeTelemetryFrame, frameBatch, frameSns, TelemetryFrameError } from './telemetryFrame';

const T0 = 1_700_000_000_000;

describe('telemetry frame codec', () => {
  it('round-trips gas items with sparse nested readings', () => {
    const batch = {
      projectId: 'P1',
      topic: 'gas',
      items: [
        { sn: 'G1', ts: T0, readings: { CO: 1.5, O2: 20.9 } },
        { sn: 'G2', ts: T0 + 1, readings: { CH4: 0.25 } },
        { sn: 'G1', ts: T0 + 2, readings: { CO: 0, NO2: 0.1 } },
      ],
    };
    const frame = decodeTelemetryFrame(encodeTelemetryFrame(batch));
    expect(frame.rows).toBe(3);
    expect(frameBatch(frame)).toEqual(batch);
    expect(frameSns(frame)).toEqual(['G1', 'G2', 'G1']);
    const co = frame.columns.find((c) => c.path.join('.') === 'readings.CO');
    expect(co?.type).toBe('f64');
    expect(frame.strings).toEqual(['G1', 'G2']); // one dictionary entry per distinct string
  });

  it('round-trips booleans, strings, nulls, arrays and mixed types through the generic column types', () => {
    const batch = {
      projectId: 'P1',
      topic: 'beacon',
      items: [
        { sn: 'B1', ts: T0, tunnelId: 'LK', chainageM: 12.5, sos: false, extra: null, tags: ['a'], deep: { x: { y: 1 } } },
        { sn: 'B2', ts: T0, tunnelId: 'RK', chainageM: 3, sos: true, extra: 2, mixed: 'x' },
        { sn: 'B3', ts: T0, tunnelId: 'LK', chainageM: 7, mixed: 4, note: 'a\u0000b' },
      ],
    };
    const frame = decodeTelemetryFrame(encodeTelemetryFrame(batch));
    expect(frameBatch(frame)).toEqual(batch);
    const types = Object.fromEntries(frame.columns.map((c) => [c.path.join('.'), c.type]));
    expect(types).toMatchObject({ sn: 'str', ts: 'f64', tunnelId: 'str', chainageM: 'f64', sos: 'bool', extra: 'json', mixed: 'json', note: 'json' });
  });

  it('decodes from a Buffer at an unaligned offset (Node) as from an ArrayBuffer (browser)', () => {
    const bytes = encodeTelemetryFrame({ projectId: 'P1', topic: 'gas', items: [{ sn: 'G1', ts: T0, readings: { CO: 3 } }] });
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    const a = decodeTelemetryFrame(shifted.subarray(3));
    const b = decodeTelemetryFrame(bytes.buffer.slice(0));
    expect(frameBatch(a)).toEqual(frameBatch(b));
  });

  it('encodes an empty batch', () => {
    const frame = decodeTelemetryFrame(encodeTelemetryFrame({ projectId: 'P1', topic: 'gas', items: [] }));
    expect(frame).toMatchObject({ projectId: 'P1', topic: 'gas', rows: 0, strings: [] });
  });

  it('refuses malformed frames with a clear error', () => {
    const good = encodeTelemetryFrame({ projectId: 'P1', topic: 'gas', items: [{ sn: 'G1', ts: T0, readings: { CO: 3 } }] });
    expect(() => decodeTelemetryFrame('{"projectId":"P1"}')).toThrow(TelemetryFrameError);
    expect(() => decodeTelemetryFrame(new Uint8Array(4))).toThrow(/too short/);
    const badMagic = good.slice();
    badMagic[0] ^= 0xff;
    expect(() => decodeTelemetryFrame(badMagic)).toThrow(/magic/);
    expect(() => decodeTelemetryFrame(good.subarray(0, good.byteLength - 1))).toThrow(TelemetryFrameError);
    const unknownTopic = encodeTelemetryFrame({ projectId: 'P1', topic: 'coffee', items: [] });
    expect(() => decodeTelemetryFrame(unknownTopic)).toThrow(/topic/);
    // A string index past the dictionary.
    const bad = good.slice();
    const frame = decodeTelemetryFrame(good);
    const sn = frame.columns.find((c) => c.path[0] === 'sn');
    if (sn?.type !== 'str') throw new Error('sn should be a str column');
    const at = sn.index.byteOffset - frame.bytes.byteOffset;
    new DataView(bad.buffer).setUint32(at, 7, true);
    expect(() => decodeTelemetryFrame(bad)).toThrow(/out of range/);
    // A dictionary with fewer strings than the header says: refused when the strings are first read.
    const short = encodeTelemetryFrame({ projectId: 'P1', topic: 'gas', items: [{ sn: 'G1', ts: T0, readings: { CO: 3 } }, { sn: 'G2', ts: T0, readings: { CO: 4 } }] });
    short[short.byteLength - 3] = 0x41; // 'G1\0G2' → 'G1AG2': one string where the header says two
    const lazy = decodeTelemetryFrame(short);
    expect(lazy.rows).toBe(2);
    expect(() => lazy.strings).toThrow(/2/);
    expect(() => frameBatch(lazy)).toThrow(TelemetryFrameError);
  });
});
