import type { ComponentType } from 'react';

/**
 * What a custom panel component receives (docs/custom-modules.md): the panel's stored config (parsed by
 * the module's `configSchema` when it has one), its content size in page pixels, and `window.SiteBoard`.
 */
export interface CustomPanelProps {
  panelId: string;
  config: Record<string, unknown>;
  width: number;
  height: number;
  api: unknown;
}

/** A config check a module may export: anything zod-like (`safeParse` → `{ success, data | error }`). */
export interface CustomConfigSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** The parts of a loaded custom module the app uses. */
export interface CustomPanelModule {
  component: ComponentType<CustomPanelProps>;
  configSchema?: CustomConfigSchema;
}

const isComponent = (v: unknown): v is ComponentType<CustomPanelProps> =>
  typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v);

/**
 * Reads a custom module's namespace: `default` is either a React component, or
 * `{ component, configSchema? }`. @throws TypeError naming what is wrong (shown in the panel).
 */
export function resolveCustomModule(ns: unknown): CustomPanelModule {
  const def = typeof ns === 'object' && ns !== null ? (ns as { default?: unknown }).default : undefined;
  if (isComponent(def)) return { component: def };
  if (typeof def === 'object' && def !== null && isComponent((def as { component?: unknown }).component)) {
    const { component, configSchema } = def as { component: ComponentType<CustomPanelProps>; configSchema?: unknown };
    if (configSchema !== undefined && typeof (configSchema as { safeParse?: unknown })?.safeParse !== 'function') {
      throw new TypeError('configSchema must have a safeParse(value) method');
    }
    return { component, configSchema: configSchema as CustomConfigSchema | undefined };
  }
  throw new TypeError('the module must export default a React component or { component, configSchema? }');
}

/**
 * The URL to import on the `attempt`-th try (0 = first). Browsers remember a failed module import per URL,
 * so a retry adds `sbRetry=n` to the query to fetch it again.
 */
export function moduleUrlForAttempt(moduleUrl: string, attempt: number): string {
  if (attempt === 0) return moduleUrl;
  const hash = moduleUrl.indexOf('#');
  const base = hash >= 0 ? moduleUrl.slice(0, hash) : moduleUrl;
  return `${base}${base.includes('?') ? '&' : '?'}sbRetry=${attempt}${hash >= 0 ? moduleUrl.slice(hash) : ''}`;
}
