/**
 * Style of text that screen readers and tests read but the eye does not: a canvas's text version (the
 * tunnel maps draw on a canvas). The usual clip pattern: one pixel, clipped, out of the layout's way.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  margin: -1,
} as const;
