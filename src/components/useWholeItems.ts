import { useLayoutEffect, useState, type RefObject } from 'react';
import { useElementHeight } from './useElementHeight';

/**
 * How many of the first children of the list `ref` fit whole inside it, measured after every render and
 * on resize. A wall screen has nobody to scroll: the caller hides the children from that index on (they
 * keep their place, so the measure is stable) and says how many are not shown, instead of a card cut in
 * half at the panel's edge. Before layout (no size, e.g. jsdom) every child counts as fitting.
 */
export function useWholeItems(ref: RefObject<HTMLElement | null>): number {
  const [fits, setFits] = useState(Number.MAX_SAFE_INTEGER);
  // a resize re-renders the caller, which measures again below
  useElementHeight(ref);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    let n = 0;
    if (box.height <= 0) n = el.children.length;
    else for (const child of Array.from(el.children)) if (child.getBoundingClientRect().bottom <= box.bottom + 0.5) n++;
    setFits((f) => (f === n ? f : n));
  });
  return fits;
}
