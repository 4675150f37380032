/**
 * "Watch the moment": where the capture viewer sends a safety officer to see a camera's recording around a
 * capture. The video screens register the link target (`setWatchMomentLink`); until one is registered the
 * viewer shows no such link. Kept here so the capture record does not depend on the video player.
 */

/** The moment to watch: the project, the camera and the capture time (ms since epoch). */
export interface CaptureMoment {
  projectId: string;
  cameraSn: string;
  atMs: number;
}

/** The href of the recording of a moment (e.g. `#/video?…`), or null when there is none to watch. */
export type WatchMomentLink = (moment: CaptureMoment) => string | null;

let link: WatchMomentLink | null = null;

/** Registers (or, with null, removes) the link target of "watch the moment". */
export function setWatchMomentLink(next: WatchMomentLink | null): void {
  link = next;
}

/** The href of `moment`'s recording, or null when no video screen is registered or it has none. */
export function watchMomentHref(moment: CaptureMoment): string | null {
  return link ? link(moment) : null;
}
