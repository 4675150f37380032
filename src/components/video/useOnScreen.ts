import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is on screen and the page visible (IntersectionObserver and visibilitychange): a
 * video tile off screen or on a hidden page stops downloading. True where the browser has no
 * IntersectionObserver (jsdom), so the tile plays.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [intersecting, setIntersecting] = useState(true);
  const [pageVisible, setPageVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const onVisibility = () => setPageVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setIntersecting(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return intersecting && pageVisible;
}
