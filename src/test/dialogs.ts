import { waitFor } from '@testing-library/react';

/**
 * Role queries in an open Fluent dialog under jsdom: Fluent's focus manager (tabster) may mark the open
 * dialog surface aria-hidden a moment after it opens (as ThemeController.test.tsx notes for popovers).
 * `hidden: true` still finds it by role, and "gone" checks use it too so they cannot pass on a merely
 * hidden dialog.
 */
export const IN_DIALOG = { hidden: true } as const;

/**
 * The open dialog labelled `label` (its DialogSurface's aria-label), waited for up to `timeoutMs`. Found by
 * attribute rather than by accessible name: jsdom computes no name for an aria-hidden element, so a role
 * query by name misses an open dialog once tabster has marked it.
 * @throws when no such dialog is in the document within the time
 */
export async function findDialog(label: string, timeoutMs = 8000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = document.querySelectorAll<HTMLElement>(`[role="dialog"][aria-label="${CSS.escape(label)}"]`);
      if (found.length !== 1) throw new Error(`expected one open dialog "${label}", found ${found.length}`);
      return found[0];
    },
    { timeout: timeoutMs },
  );
}
