import { describe, expect, it } from 'vitest';
import { keepSavedPassword } from './video';

describe('keepSavedPassword', () => {
  const saved = 'rtsp://admin:Hik12345@10.0.0.7:554/ch1';
  it('keeps the saved password when the redacted URL comes back unchanged', () => {
    expect(keepSavedPassword('rtsp://admin:***@10.0.0.7:554/ch1', saved)).toBe(saved);
  });
  it('takes a new URL as it is, even one with *** for a different camera', () => {
    expect(keepSavedPassword('rtsp://admin:***@10.0.0.8:554/ch1', saved)).toBe('rtsp://admin:***@10.0.0.8:554/ch1');
    expect(keepSavedPassword('rtsp://admin:new@10.0.0.7:554/ch1', saved)).toBe('rtsp://admin:new@10.0.0.7:554/ch1');
    expect(keepSavedPassword(null, saved)).toBeNull();
  });
});
