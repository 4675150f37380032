import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';

/**
 * One line of text that shrinks to fit its width: drawn at `maxPx` (page px), stepped down by 1 px while it
 * is wider than its box, not under `minPx` (below that it is cut with an ellipsis, which the overflow e2e
 * test reports). A headline label with a long station name stays whole instead of losing its end.
 */
export function FitLine({ maxPx, minPx, style, children, ...data }: { maxPx: number; minPx: number; style?: CSSProperties; children: ReactNode } & Record<`data-${string}`, string | undefined>) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let px = maxPx;
    el.style.fontSize = `${px}px`;
    while (px > minPx && el.scrollWidth > el.clientWidth + 0.5) {
      px -= 1;
      el.style.fontSize = `${px}px`;
    }
  });
  return (
    <div ref={ref} {...data} style={{ ...style, fontSize: maxPx, whiteSpace: 'nowrap', overflowX: 'clip', textOverflow: 'ellipsis' }}>
      {children}
    </div>
  );
}
