import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { CUSTOM_PANELS } from '../../../protocol';
import { PanelRegistryContext, usePanelRegistry, type PanelRegistry } from '../../components';
import { useStores } from '../../stores';
import { isBuiltInPanel, panelRegistryChanges, registerPanel, unregisterPanel } from '../registry';
import { customPanelDefinition, type CustomPanelReport, type ModuleImporter } from './customDefinition';

/** How often an open project's custom panel types are read again, ms: new types appear without a reload. */
export const CUSTOM_TYPES_REFRESH_MS = 60_000;

/** Error code of custom panel notices (the app's notice channel shows it as an error toast). */
export const CUSTOM_PANEL_ERROR_CODE = 'CUSTOM_PANEL';

/**
 * Loads `projectId`'s custom panel types (`panel/custom/type/list`), again every `refreshMs` (added types
 * are registered, removed ones unregistered, changed ones re-registered), and keeps them in the panel
 * registry for as long as that project is open: on a project switch or unmount they are unregistered
 * before the next project's are registered. A type whose id is taken (a built-in) is skipped and reported.
 * Provides the registry to `children` with a new identity on every change, so boards and the builder's
 * catalogue re-render when types arrive. The server keeps at most 50 types per project, so this is bounded.
 */
export function CustomPanelTypes({
  projectId,
  children,
  importModule,
  refreshMs = CUSTOM_TYPES_REFRESH_MS,
}: {
  projectId: string | null;
  children: ReactNode;
  /** Tests only: replaces the browser's dynamic import. */
  importModule?: ModuleImporter;
  /** How often the list is read again, ms (default CUSTOM_TYPES_REFRESH_MS). */
  refreshMs?: number;
}) {
  const root = useStores();
  const outer = usePanelRegistry();
  const report: CustomPanelReport = useCallback(
    (message) => root.notices.push({ showType: 2, errorCode: CUSTOM_PANEL_ERROR_CODE, errorMessage: message }),
    [root],
  );

  useEffect(() => {
    if (!projectId) return;
    let active = true;
    // What this project registered, with the definition it came from (a changed URL, title or size re-registers).
    const mine = new Map<string, string>();
    const skipped = new Set<string>();
    const sync = () =>
      root
        .request(CUSTOM_PANELS.typeList, { projectId }, { skipErrorHandler: true })
        .then((list) => {
          if (!active) return;
          const listed = new Set(list.types.map((t) => t.type));
          for (const [type] of mine) {
            if (!listed.has(type)) {
              unregisterPanel(type);
              mine.delete(type);
            }
          }
          for (const t of list.types) {
            const key = JSON.stringify(t);
            if (mine.get(t.type) === key) continue;
            if (mine.has(t.type)) unregisterPanel(t.type);
            else if (isBuiltInPanel(t.type) || outer.get(t.type)) {
              // Reported once, not at every check.
              if (!skipped.has(t.type)) {
                skipped.add(t.type);
                console.error(`custom panel type "${t.type}" is already registered; skipped`);
                report(`${t.title}: panel type "${t.type}" is already registered`);
              }
              continue;
            }
            registerPanel(customPanelDefinition(t, report, importModule));
            mine.set(t.type, key);
          }
        })
        .catch((e: unknown) => {
          if (!active) return;
          console.error('custom panel types could not be loaded', e);
          // A later check that fails is not worth a toast on a wall screen: the types already loaded stay.
          if (mine.size === 0) report(`custom panel types: ${(e as Error).message || String(e)}`);
        });
    void sync();
    // Types added or removed in another tab show up here without a reload (wall screens run for days).
    const timer = setInterval(() => void sync(), refreshMs);
    return () => {
      active = false;
      clearInterval(timer);
      for (const type of mine.keys()) unregisterPanel(type);
    };
  }, [projectId, root, report, importModule, outer, refreshMs]);

  const revision = useSyncExternalStore(panelRegistryChanges.subscribe, panelRegistryChanges.revision);
  const registry = useMemo<PanelRegistry>(
    // A new object per revision makes context consumers re-render when types come and go.
    () => ({ get: (type) => outer.get(type), list: () => outer.list() }),
    [outer, revision],
  );
  return <PanelRegistryContext.Provider value={registry}>{children}</PanelRegistryContext.Provider>;
}
