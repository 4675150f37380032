import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The height of `ref`'s element in CSS px (0 before layout, or while nothing is rendered there), kept
 * current as it resizes. It follows the element itself: a panel that first renders "Loading…" and its
 * table only later still gets the table's height.
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver | null } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (observed.current?.el === el) return;
    observed.current?.observer?.disconnect();
    observed.current = null;
    if (!el) {
      setHeight(0);
      return;
    }
    setHeight(el.clientHeight);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setHeight(el.clientHeight));
    observer?.observe(el);
    observed.current = { el, observer };
  });
  useEffect(() => () => observed.current?.observer?.disconnect(), []);
  return height;
}
