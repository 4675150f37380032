import { useEffect, useState } from 'react';

/** Width (CSS px) the management screens are drawn for; wider screens zoom them, up to SCREEN_MAX_ZOOM. */
const SCREEN_DESIGN_WIDTH_PX = 1920;
const SCREEN_MAX_ZOOM = 2.5;

/**
 * The page zoom of a management screen (alarm center, people, zones, page management, status,
 * administration, error pages) on a screen `viewportWidthPx` wide: 1 up to 1920 px, growing with the width
 * beyond (2 at 3840), so their 12–16 px text reads at 24–32 px on a 4K control-room screen instead of
 * 12 px. Rounded to 0.05. Boards scale themselves to the screen (src/board/fit.ts) and the builder has its
 * own zoom: neither uses this.
 */
export function screenZoom(viewportWidthPx: number): number {
  const z = Math.min(SCREEN_MAX_ZOOM, Math.max(1, viewportWidthPx / SCREEN_DESIGN_WIDTH_PX));
  return Math.round(z * 20) / 20;
}

/**
 * Zooms the whole document (dialogs and menus in portals too) by screenZoom while the calling screen is
 * up, following resizes; the zoom is taken off when it unmounts. Returns the zoom in force: viewport units
 * grow with it, so a screen's full height is `calc(100vh / zoom)`.
 */
export function useScreenZoom(): number {
  const [zoom, setZoom] = useState(() => screenZoom(window.innerWidth));
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.zoom;
    const apply = () => {
      const z = screenZoom(window.innerWidth);
      root.style.zoom = z === 1 ? before : String(z);
      setZoom(z);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = before;
    };
  }, []);
  return zoom;
}
