import { describe, expect, it } from 'vitest';
import { canPlayCodec, HEVC_MP4_TYPES } from './hlsConfig';

/** A browser's MediaSource that accepts exactly `types`. */
const accepting = (...types: string[]) => ({ isTypeSupported: (t: string) => types.includes(t) });

describe('canPlayCodec', () => {
  it('plays H.264 whatever MediaSource says, and before the codec is known', () => {
    expect(canPlayCodec('h264', accepting())).toBe(true);
    expect(canPlayCodec(null, undefined)).toBe(true);
  });
  it('plays H.265 only where MediaSource takes the hev1 entry the server copies into fMP4', () => {
    expect(canPlayCodec('hevc', accepting(HEVC_MP4_TYPES.hev1, HEVC_MP4_TYPES.hvc1))).toBe(true);
    expect(canPlayCodec('hevc', accepting(HEVC_MP4_TYPES.hvc1))).toBe(false);
    expect(canPlayCodec('hevc', accepting())).toBe(false);
    expect(canPlayCodec('hevc', undefined)).toBe(false);
  });
});
