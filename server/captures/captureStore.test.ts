import { describe, expect, it } from 'vitest';
import { captureUrl, storedCaptureName } from './captureStore';

describe('storedCaptureName', () => {
  it('reads back the name of a capture this server stored for the project', () => {
    expect(storedCaptureName(captureUrl('demo-tunnel', 'CAM-03-1732700000000.png'), 'demo-tunnel')).toBe('CAM-03-1732700000000.png');
  });

  it('is null for a camera’s own URL, no picture, another project or a name outside the grammar', () => {
    expect(storedCaptureName('https://cam.example/4.jpg', 'demo-tunnel')).toBeNull();
    expect(storedCaptureName(null, 'demo-tunnel')).toBeNull();
    expect(storedCaptureName(captureUrl('demo-bridge', 'CAM-03-1.png'), 'demo-tunnel')).toBeNull();
    expect(storedCaptureName(captureUrl('demo-tunnel', '../x-1.png'), 'demo-tunnel')).toBeNull();
  });
});
