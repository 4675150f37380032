import type { PanelDefinition, PanelRegistry } from '../components/panelApi';
import { alarmFeedPanel } from './AlarmFeed';
import { gasTablePanel } from './GasTable';
import { gasTrendPanel } from './GasTrend';
import { towerCranePanel } from './TowerCrane';
import { tunnelPersonnelPanel } from './TunnelPersonnel';

/** Definitions with their config type erased; prepareConfig re-establishes it by parsing. */
const definitions = new Map<string, PanelDefinition<unknown>>();

/**
 * Registers a panel type (built-in or custom). Throws Error when the type id is taken: two panels
 * silently fighting over one id would render the wrong view.
 */
export function registerPanel<C>(def: PanelDefinition<C>): void {
  if (definitions.has(def.type)) throw new Error(`panel type already registered: ${def.type}`);
  definitions.set(def.type, def as unknown as PanelDefinition<unknown>);
}

/** The registry of every registered panel type (the app provides it to the board). */
export const panelRegistry: PanelRegistry = {
  get: (type) => definitions.get(type),
  list: () => [...definitions.values()],
};

registerPanel(gasTrendPanel);
registerPanel(gasTablePanel);
registerPanel(tunnelPersonnelPanel);
registerPanel(towerCranePanel);
registerPanel(alarmFeedPanel);
