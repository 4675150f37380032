import type { VideoCamera } from '../../../protocol';

/** Tiles per page of the video wall: 1, 2×2, 3×3, 4×4. */
export const WALL_LAYOUTS = [1, 4, 9, 16] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

/** Rotation intervals the wall offers, seconds (0: off). */
export const ROTATION_INTERVALS_S = [0, 10, 30, 60, 120] as const;

/** Pages of `count` cameras at `layout` tiles a page (at least 1). */
export function pageCount(count: number, layout: WallLayout): number {
  return Math.max(1, Math.ceil(count / layout));
}

/** The cameras of page `page` (wrapped into range), `layout` slots, null for an empty slot. */
export function pageSlots<T>(cameras: readonly T[], layout: WallLayout, page: number): Array<T | null> {
  const pages = pageCount(cameras.length, layout);
  const p = ((page % pages) + pages) % pages;
  return Array.from({ length: layout }, (_, i) => cameras[p * layout + i] ?? null);
}

/** The page after `page`, back to the first after the last (rotation). */
export function nextPage(page: number, count: number, layout: WallLayout): number {
  return (page + 1) % pageCount(count, layout);
}

/** Cameras grouped by area (the device's position; an empty one last), in the server's order within each. */
export function camerasByArea(cameras: readonly VideoCamera[]): Array<{ area: string; cameras: VideoCamera[] }> {
  const groups = new Map<string, VideoCamera[]>();
  for (const c of cameras) {
    const list = groups.get(c.area) ?? [];
    list.push(c);
    groups.set(c.area, list);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b))).map(([area, list]) => ({ area, cameras: list }));
}

/** The state a camera list shows: live, offline, or unknown (not running or starting), or no source at all. */
export function cameraState(c: VideoCamera): 'live' | 'offline' | 'idle' | 'none' {
  if (c.source === null) return 'none';
  if (c.streams.some((s) => s.state === 'live')) return 'live';
  if (c.streams.some((s) => s.state === 'offline')) return 'offline';
  return 'idle';
}
