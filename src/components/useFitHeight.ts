import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Smallest zoom {@link useFitHeight} applies: a card's 20 px labels stay at 12 px or more on a 1366×768 screen. */
export const MIN_FIT_HEIGHT_ZOOM = 0.9;

/**
 * The zoom at which `content` (laid out at its natural height) fits the height of `box`: 1 when it fits,
 * else the ratio of the two (at least {@link MIN_FIT_HEIGHT_ZOOM}). A card whose name wraps to a second
 * line in a longer language shrinks its readings a little instead of cutting the last row off. The
 * content's height at zoom z is z times its natural height, so the measure is stable across re-measures.
 */
export function useFitHeight(box: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): number {
  const [zoom, setZoom] = useState(1);
  const zoomRef = useRef(1);
  const observed = useRef<{ outer: HTMLElement; inner: HTMLElement; observer: ResizeObserver } | null>(null);
  // after every render: (re)attach to the elements shown now (a card mounts its body once its device is known)
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (observed.current && (observed.current.outer !== outer || observed.current.inner !== inner)) {
      observed.current.observer.disconnect();
      observed.current = null;
    }
    if (!outer || !inner || observed.current || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const natural = inner.getBoundingClientRect().height / zoomRef.current;
      const available = outer.getBoundingClientRect().height;
      if (!(natural > 0) || !(available > 0)) return;
      const next = Math.max(MIN_FIT_HEIGHT_ZOOM, Math.min(1, Math.floor((available / natural) * 100) / 100));
      if (next !== zoomRef.current) {
        zoomRef.current = next;
        setZoom(next);
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(inner);
    observed.current = { outer, inner, observer };
    measure();
  });
  useEffect(() => () => observed.current?.observer.disconnect(), []);
  return zoom;
}
