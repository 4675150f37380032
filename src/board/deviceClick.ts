import type { Panel } from '../../protocol';

/** Panel types that show one device (config.sn): a click anywhere on them opens that device. */
const SINGLE_DEVICE_TYPES = new Set(['towerCrane', 'gasTrend', 'constructionElevator', 'bridgeGirderErector', 'gantryCrane', 'yardCrane']);

/**
 * The device a click on the board means, found without touching the panels' code: the nearest element
 * with `data-sn` (GasTable rows), else the panel under the click when its type shows one device
 * (towerCrane, gasTrend and the equipment cards: its config.sn). Null when the click is on nothing device-like or on a control
 * (button, link, input) that handles the click itself.
 */
export function deviceSnForClick(target: EventTarget | null, panels: readonly Panel[]): string | null {
  if (!(target instanceof Element)) return null;
  if (target.closest('button, a, input, select, textarea, [role="button"], [role="dialog"]')) return null;
  const row = target.closest('[data-sn]');
  const sn = row?.getAttribute('data-sn');
  if (sn) return sn;
  const panelId = target.closest('[data-panel-id]')?.getAttribute('data-panel-id');
  const panel = panelId ? panels.find((p) => p.panelId === panelId) : undefined;
  if (!panel || !SINGLE_DEVICE_TYPES.has(panel.type)) return null;
  return typeof panel.config.sn === 'string' && panel.config.sn ? panel.config.sn : null;
}
