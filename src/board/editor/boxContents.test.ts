import { describe, expect, it } from 'vitest';
import type { Panel } from '../../../protocol';
import { boxContents, LIVE_MIN_SCREEN_PX } from './Canvas';

const panel = (panelId: string, w: number, h: number, extra: Partial<Panel> = {}): Panel => ({ panelId, type: 'gasTable', x: 0, y: 0, w, h, z: 1, config: {}, ...extra });
const none = () => false;

describe('boxContents', () => {
  it('draws every visible panel live on a small page, and hidden ones as an outline', () => {
    const panels = [panel('a', 400, 300), panel('b', 300, 200, { hidden: true }), panel('c', 200, 100)];
    const out = boxContents(panels, (id) => id === 'c', 1);
    expect(Object.fromEntries(out)).toEqual({ a: 'live', b: 'outline', c: 'outline' });
  });

  it('keeps the largest panels live past the cap and shows the rest as thumbnails', () => {
    const panels = Array.from({ length: 5 }, (_, i) => panel(`p${i}`, 100 + i * 10, 100));
    const out = boxContents(panels, none, 1, 2);
    expect(Object.fromEntries(out)).toEqual({ p0: 'thumbnail', p1: 'thumbnail', p2: 'thumbnail', p3: 'live', p4: 'live' });
  });

  it('shows a box too small on screen to read as a thumbnail, and live again when zoomed in', () => {
    const panels = [panel('tiny', 100, 60)];
    const zoomOut = (LIVE_MIN_SCREEN_PX - 1) / 60;
    expect(boxContents(panels, none, zoomOut).get('tiny')).toBe('thumbnail');
    expect(boxContents(panels, none, 1).get('tiny')).toBe('live');
  });
});
