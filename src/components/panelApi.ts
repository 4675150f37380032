import { createContext, useContext, type ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { z } from 'zod';
import type { DeviceKind } from '../../protocol';

/**
 * The panel plugin API. It lives in components so that the board (which renders panels) and the panels
 * (which implement them) both depend on it and never on each other; the app wires a registry in.
 */

/** Props every panel component receives. Sizes are the content box in page pixels (before screen scaling). */
export interface PanelProps<C> {
  panelId: string;
  /** The panel's config, already migrated and parsed with the type's schema. */
  config: C;
  width: number;
  height: number;
}

/**
 * A panel type (docs/architecture.md "Adding a panel"). Built-ins and custom panels register
 * through this same shape.
 *
 * Config versioning: a stored config carries `configVersion` (absent = 1); when it is older than the
 * definition's, `migrate` brings it up to date before the schema parses it.
 */
export interface PanelDefinition<C = unknown> {
  /** Type id stored in Panel.type, e.g. `gasTrend`. */
  type: string;
  /** Default title (Lingui message), used when the panel has none of its own. */
  title: MessageDescriptor;
  /** Default size on a new board, in page pixels. */
  defaultSize: { w: number; h: number };
  /** Parses a (migrated) config; failures show in the panel, never crash the board. */
  configSchema: z.ZodType<C>;
  configVersion: number;
  migrate: (config: Record<string, unknown>, fromVersion: number) => Record<string, unknown>;
  /**
   * The view, loaded on first use: built-ins use the app's `lazyChunk` (a failed chunk shows an error
   * naming it with Retry); anything React can render inside Suspense works.
   */
  component: ComponentType<PanelProps<C>>;
  /**
   * Config keys that bind the panel to project data, for the builder's "Data" section (device and tunnel
   * pickers instead of typing ids). Types without bindings show only their settings.
   */
  bindings?: readonly PanelBinding[];
  /**
   * Labels of config keys in the builder's generated "Settings" form (e.g. `windowMin` → "Time window
   * (min)"); keys without one show the key itself.
   */
  settingLabels?: Readonly<Record<string, MessageDescriptor>>;
  /** Labels of the choices of enum settings, per config key (e.g. `kinds.threshold` → "Over limit"). */
  settingOptionLabels?: Readonly<Record<string, Readonly<Record<string, MessageDescriptor>>>>;
  /**
   * A small static picture of the panel for the builder's catalogue (drawn at the size given, CSS px;
   * no data, no stores). Types without one get a generic tile.
   */
  thumbnail?: ComponentType<{ width: number; height: number }>;
}

/**
 * One data binding of a panel type: config key `key` holds a device sn (or a list of them) of the given
 * kinds, or a tunnel id (or list). `multiple` bindings are arrays; an empty or absent list means "all".
 */
export interface PanelBinding {
  key: string;
  target: { devices: readonly DeviceKind[] } | 'tunnel';
  multiple: boolean;
  /** Field label in the property pane. */
  label: MessageDescriptor;
}

/** Keeps the config as it is (types whose config never changed shape). */
export function noMigration(config: Record<string, unknown>): Record<string, unknown> {
  return config;
}

/** Outcome of preparing a stored config for a panel type. */
export type ConfigResult<C> = { ok: true; config: C } | { ok: false; error: string };

/**
 * Migrates a stored config to the definition's version and parses it. Never throws: a bad config comes
 * back as `{ ok: false, error }` naming the first bad field.
 */
export function prepareConfig<C>(def: PanelDefinition<C>, raw: Record<string, unknown>): ConfigResult<C> {
  try {
    const from = typeof raw.configVersion === 'number' ? raw.configVersion : 1;
    const migrated = from < def.configVersion ? def.migrate(raw, from) : raw;
    const rest = { ...migrated };
    delete rest.configVersion;
    const parsed = def.configSchema.safeParse(rest);
    if (parsed.success) return { ok: true, config: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue.path.join('.') || 'config'}: ${issue.message}` };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** Looks panel types up; the app provides one (the built-in registry plus any custom panels). */
export interface PanelRegistry {
  get(type: string): PanelDefinition<unknown> | undefined;
  list(): Array<PanelDefinition<unknown>>;
}

const EMPTY_REGISTRY: PanelRegistry = { get: () => undefined, list: () => [] };

export const PanelRegistryContext = createContext<PanelRegistry>(EMPTY_REGISTRY);

/** The panel registry the app provides. */
export function usePanelRegistry(): PanelRegistry {
  return useContext(PanelRegistryContext);
}
