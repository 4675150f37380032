import type { Panel } from '../../protocol';
import type { PanelDefinition, PanelRegistry } from '../components';

/**
 * Whether panels of type `def` show one device: a binding of `config.sn` to one device (towerCrane, gasTrend,
 * the equipment cards); a click anywhere on them opens that device.
 */
export function showsOneDevice(def: Pick<PanelDefinition<unknown>, 'bindings'> | undefined): boolean {
  return def?.bindings?.some((b) => b.key === 'sn' && !b.multiple && b.target !== 'tunnel') ?? false;
}

/**
 * The device a click on the board means, found without touching the panels' code: the nearest element
 * with `data-sn` (GasTable rows), else the panel under the click when its type (in `registry`) shows one
 * device (showsOneDevice: its config.sn). Null when the click is on nothing device-like or on a control
 * (button, link, input) that handles the click itself.
 */
export function deviceSnForClick(target: EventTarget | null, panels: readonly Panel[], registry: PanelRegistry): string | null {
  if (!(target instanceof Element)) return null;
  if (target.closest('button, a, input, select, textarea, [role="button"], [role="dialog"]')) return null;
  const row = target.closest('[data-sn]');
  const sn = row?.getAttribute('data-sn');
  if (sn) return sn;
  const panelId = target.closest('[data-panel-id]')?.getAttribute('data-panel-id');
  const panel = panelId ? panels.find((p) => p.panelId === panelId) : undefined;
  if (!panel || !showsOneDevice(registry.get(panel.type))) return null;
  return typeof panel.config.sn === 'string' && panel.config.sn ? panel.config.sn : null;
}
