import type { CaptureMoment } from '../captures/watchMoment';

/** How much recording "watch the moment" shows before and after the capture, ms. */
export const MOMENT_AROUND_MS = 30_000;

/** The href of the moment screen (`#/video/moment`) for a capture: what the capture viewer and the alarm dialogs link to. */
export function videoMomentHref(m: CaptureMoment): string {
  const q = new URLSearchParams({ projectId: m.projectId, sn: m.cameraSn, at: String(m.atMs) });
  return `#/video/moment?${q.toString()}`;
}
