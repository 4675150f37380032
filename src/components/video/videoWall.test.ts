import { describe, expect, it } from 'vitest';
import type { VideoCamera } from '../../../protocol';
import { cameraState, camerasByArea, nextPage, pageCount, pageSlots } from './videoWall';

const cam = (sn: string, area: string, extra: Partial<VideoCamera> = {}): VideoCamera => ({ sn, name: sn, area, source: 'demo', qualities: ['main'], streams: [], ...extra });

describe('video wall paging', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);
  it('pages cameras by layout and fills the last page with empty slots', () => {
    expect(pageCount(10, 4)).toBe(3);
    expect(pageCount(0, 9)).toBe(1);
    expect(pageSlots(ten, 4, 2)).toEqual([8, 9, null, null]);
    expect(pageSlots(ten, 9, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('rotates back to the first page after the last', () => {
    expect(nextPage(0, 10, 4)).toBe(1);
    expect(nextPage(2, 10, 4)).toBe(0);
    expect(nextPage(0, 10, 16)).toBe(0);
    expect(pageSlots(ten, 4, 5)).toEqual(pageSlots(ten, 4, 2));
  });
});

describe('camera list', () => {
  it('groups by area, cameras without one last', () => {
    const groups = camerasByArea([cam('A', 'portal'), cam('B', ''), cam('C', 'face'), cam('D', 'portal')]);
    expect(groups.map((g) => [g.area, g.cameras.map((c) => c.sn)])).toEqual([
      ['face', ['C']],
      ['portal', ['A', 'D']],
      ['', ['B']],
    ]);
  });
  it('shows live when a stream is live, offline when one failed, none without a source', () => {
    expect(cameraState(cam('A', '', { streams: [{ quality: 'main', state: 'live', codec: 'h264' }] }))).toBe('live');
    expect(cameraState(cam('A', '', { streams: [{ quality: 'main', state: 'offline', codec: null }] }))).toBe('offline');
    expect(cameraState(cam('A', ''))).toBe('idle');
    expect(cameraState(cam('A', '', { source: null }))).toBe('none');
  });
});
