import { expect, type Page } from '@playwright/test';

/** Shared steps of the builder specs (builder, builder-model, builder-canvas). */

export { logIn } from './session';

/** The boxes on the builder's canvas, bottom to top. */
export const panels = (page: Page) => page.getByTestId('builder-panel');
/** The property pane of a single selected panel. */
export const props = (page: Page) => page.getByTestId('property-pane');

/** Sets the canvas zoom from the zoom menu: 'Fit' or a level such as '100 %'. */
export async function zoomTo(page: Page, level: string): Promise<void> {
  await page.getByRole('button', { name: /^Zoom:/ }).click();
  await page.getByRole('menuitem', { name: level === 'Fit' ? /^Fit/ : level }).click();
}

/** Waits until autosave says everything is on the server. */
export async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
}

/**
 * A point of panel `i` where it is on top (not covered by another panel, not on a handle), in page
 * coordinates, read once the panel has stopped moving: while the canvas's fit zoom settles after a board
 * loads, a point read a moment earlier can land on a neighbour.
 */
export async function visiblePoint(page: Page, i: number): Promise<{ x: number; y: number }> {
  let last = '';
  await expect
    .poll(async () => {
      const r = await panels(page).nth(i).boundingBox();
      const now = JSON.stringify(r);
      const still = now === last;
      last = now;
      return still;
    }, { intervals: [100] })
    .toBe(true);
  const pt = await panels(page)
    .nth(i)
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      for (const fy of [0.9, 0.5, 0.1]) {
        for (const fx of [0.1, 0.5, 0.9]) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          const hit = document.elementFromPoint(x, y);
          if (hit && el.contains(hit) && !hit.closest('[data-handle]')) return { x, y };
        }
      }
      return null;
    });
  if (!pt) throw new Error(`panel ${i} is covered everywhere`);
  return pt;
}

/**
 * Creates a board called `name` from the "Tunnel safety: live" template through the New board form and
 * waits until its 6 panels are on the canvas. @returns the new boardId (from the URL).
 */
export async function createFromTemplate(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'New board' }).click();
  await page.getByLabel('Board name').fill(name);
  await page.getByTestId('template-gallery').getByRole('radio', { name: 'Tunnel safety: live' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('pages-list')).toContainText('Live');
  await expect(page).toHaveURL(/boardId=/);
  await expect(panels(page)).toHaveCount(6);
  return new URL(page.url().replace('#/', '')).searchParams.get('boardId')!;
}
