import { useEffect } from 'react';

/**
 * Puts `name` first in the browser tab's title while the calling screen shows it (a board's name on the
 * board screens, so a wall of tabs can be told apart), with the product name after it; the title before
 * is put back when the screen goes or the name is null.
 */
export function useDocumentTitle(name: string | null | undefined, product = 'SiteBoard'): void {
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · ${product}`;
    return () => {
      document.title = before;
    };
  }, [name, product]);
}
