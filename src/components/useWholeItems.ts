import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * How many of the first children of the list `ref` fit whole inside it, measured after every render and
 * on resize. A wall screen has nobody to scroll: the caller hides the children from that index on (they
 * keep their place, so the measure is stable) and says how many are not shown, instead of a card cut in
 * half at the panel's edge. Before layout (no size, e.g. jsdom) every child counts as fitting.
 */
export function useWholeItems(ref: RefObject<HTMLElement | null>): number {
  const [fits, setFits] = useState(Number.MAX_SAFE_INTEGER);
  // a resize re-renders the caller, which measures again
  const [, setHeight] = useState(0);
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && observed.current?.el !== el && typeof ResizeObserver !== 'undefined') {
      observed.current?.observer.disconnect();
      const observer = new ResizeObserver(() => setHeight(el.clientHeight));
      observer.observe(el);
      observed.current = { el, observer };
    }
    if (!el) return;
    const box = el.getBoundingClientRect();
    let n = 0;
    if (box.height <= 0) n = el.children.length;
    else for (const child of Array.from(el.children)) if (child.getBoundingClientRect().bottom <= box.bottom + 0.5) n++;
    setFits((f) => (f === n ? f : n));
  });
  useEffect(() => () => observed.current?.observer.disconnect(), []);
  return fits;
}
