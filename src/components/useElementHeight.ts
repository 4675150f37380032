import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The height of `ref`'s element in CSS px (0 before layout, or while nothing is rendered there), kept
 * current as it resizes. It follows the element itself: a panel that first renders "Loading…" and its
 * table only later still gets the table's height.
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  return useElementMeasure(ref, (el) => el.clientHeight);
}

/** The width of `ref`'s element in CSS px, as {@link useElementHeight} its height. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  return useElementMeasure(ref, (el) => el.clientWidth);
}

/** One measure of `ref`'s element (0 while nothing is rendered there), taken again as it resizes. */
function useElementMeasure(ref: RefObject<HTMLElement | null>, measure: (el: HTMLElement) => number): number {
  const [size, setSize] = useState(0);
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver | null } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (observed.current?.el === el) return;
    observed.current?.observer?.disconnect();
    observed.current = null;
    if (!el) {
      setSize(0);
      return;
    }
    setSize(measure(el));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setSize(measure(el)));
    observer?.observe(el);
    observed.current = { el, observer };
  });
  useEffect(() => () => observed.current?.observer?.disconnect(), []);
  return size;
}
