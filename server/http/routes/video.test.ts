import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { keepSavedPassword, RETYPE_PASSWORD } from './video';

describe('keepSavedPassword', () => {
  const saved = 'rtsp://admin:Hik12345@10.0.0.7:554/ch1';
  it('keeps the saved password when the redacted URL comes back, also for another channel of the same address', () => {
    expect(keepSavedPassword('rtsp://admin:***@10.0.0.7:554/ch1', [saved])).toBe(saved);
    expect(keepSavedPassword('rtsp://admin:***@10.0.0.7:554/ch2', [null, saved])).toBe('rtsp://admin:Hik12345@10.0.0.7:554/ch2');
  });
  it('takes a URL with a typed password, or none, as it is', () => {
    expect(keepSavedPassword('rtsp://admin:new@10.0.0.7:554/ch1', [saved])).toBe('rtsp://admin:new@10.0.0.7:554/ch1');
    expect(keepSavedPassword('rtsp://10.0.0.7:554/ch1', [saved])).toBe('rtsp://10.0.0.7:554/ch1');
    expect(keepSavedPassword(null, [saved])).toBeNull();
  });
  it('refuses *** for another address or user rather than sending the saved password elsewhere or saving ***', () => {
    for (const url of ['rtsp://admin:***@10.0.0.8:554/ch1', 'rtsp://other:***@10.0.0.7:554/ch1', 'rtsp://admin:***@10.0.0.7:8554/ch1']) {
      expect(() => keepSavedPassword(url, [saved])).toThrow(ApiError);
    }
    expect(() => keepSavedPassword('rtsp://admin:***@10.0.0.7:554/ch1', [null, null])).toThrow(RETYPE_PASSWORD);
  });
});
