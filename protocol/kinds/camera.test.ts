import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from './index';
import { ALG_TYPES, MAX_CAPTURE_BASE64_CHARS, cameraKind } from './camera';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);
const parse = (msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage('camera', JSON.stringify(msg));

describe('camera kind', () => {
  it('schema: a known violation with an optional capture picture, on the alarm channel', () => {
    for (const algType of ALG_TYPES) expect(parse({ ts: TS, algType })).toMatchObject({ kind: 'camera' });
    expect(parse({ ts: TS, algType: 'noHelmet', picUrl: '/c/1.jpg' })).toMatchObject({ kind: 'camera' });
    expect(parse({ ts: TS, algType: 'dancing' })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, algType: 'fall', picUrl: 'x'.repeat(2049) })).toMatchObject({ reason: 'schema' });
    // the uploaded picture: base64 of at most MAX_CAPTURE_BASE64_CHARS
    expect(parse({ ts: TS, algType: 'noVest', pic: 'iVBORw0KGgo=' })).toMatchObject({ kind: 'camera' });
    expect(parse({ ts: TS, algType: 'noVest', pic: 'A'.repeat(MAX_CAPTURE_BASE64_CHARS + 4) })).toMatchObject({ reason: 'schema' });
    for (const pic of ['', 'not base64!', '../x', 'QQ==\n']) expect(parse({ ts: TS, algType: 'noVest', pic }), pic).toMatchObject({ reason: 'schema' });
    expect(DEVICE_KIND_REGISTRY.parseTopic('zhgd/p/camera/CAM-01/alarm')).toMatchObject({ kind: 'camera', channel: 'alarm' });
  });

  it('flattener: no readings', () => {
    expect(DEVICE_KIND_REGISTRY.flatten('camera', { ts: TS, algType: 'fall' })).toEqual({});
    expect(cameraKind.readings).toBe(false);
    expect(cameraKind.live).toBeNull();
  });

  it('event decoding: each message is an AI alarm named by its algType', () => {
    expect(cameraKind.event.alarm).toEqual({ kind: 'ai', level: 'alarm' });
    expect(cameraKind.event.decode({ ts: TS, algType: 'noHelmet', picUrl: '/c/1.jpg' })).toEqual({ metric: 'noHelmet', picUrl: '/c/1.jpg' });
    expect(cameraKind.event.decode({ ts: TS, algType: 'fall' })).toEqual({ metric: 'fall', picUrl: null });
  });

  it('never raises an offline alarm and has no thresholds', () => {
    expect(cameraKind.offline.raisesAlarm).toBe(false);
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('camera')).toEqual([]);
  });
});
