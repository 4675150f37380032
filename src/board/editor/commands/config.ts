import type { Board } from '../../../../protocol';
import { prepareConfig, type PanelDefinition } from '../../../components';
import { findPage, result } from '../../../stores/editorModel';
import type { Checked } from './checked';

/**
 * Replaces a panel's config after checking it with the panel type's own schema (prepareConfig: migrated
 * and parsed); the stored config is the one given, so defaults stay defaults. An unknown type or a config
 * the schema refuses changes nothing and comes back with the reason (`path: message`).
 */
export function setPanelConfig(board: Board, pageId: string, panelId: string, config: Record<string, unknown>, def: PanelDefinition<unknown> | undefined): Checked {
  const panel = findPage(board, pageId)?.panels.find((p) => p.panelId === panelId);
  if (!panel) return { ok: false, error: `Panel ${panelId} is not on this page` };
  if (!def) return { ok: false, error: `Unknown panel type: ${panel.type}` };
  const prepared = prepareConfig(def, config);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  if (JSON.stringify(config) === JSON.stringify(panel.config)) return { ok: true, result: null };
  return { ok: true, result: result(board, [{ op: 'putPanel', pageId, panel: { ...panel, config } }]) };
}

/**
 * Sets one config key (a form field or a data binding) and checks the result like setPanelConfig.
 * `undefined`, or an empty list, removes the key (for a list binding that means "all").
 */
export function setConfigValue(board: Board, pageId: string, panelId: string, key: string, value: unknown, def: PanelDefinition<unknown> | undefined): Checked {
  const panel = findPage(board, pageId)?.panels.find((p) => p.panelId === panelId);
  if (!panel) return { ok: false, error: `Panel ${panelId} is not on this page` };
  const config = { ...panel.config };
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete config[key];
  else config[key] = value;
  return setPanelConfig(board, pageId, panelId, config, def);
}
