import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { CUSTOM_PANEL_ROUTES, type CustomPanelTypeList } from '../../../protocol';
import { PanelRegistryContext, usePanelRegistry, type PanelRegistry } from '../../components';
import { useStores } from '../../stores';
import { isBuiltInPanel, panelRegistryChanges, registerPanel, unregisterPanel } from '../registry';
import { customPanelDefinition, type CustomPanelReport, type ModuleImporter } from './customDefinition';

/** Error code of custom panel notices (the app's notice channel shows it as an error toast). */
export const CUSTOM_PANEL_ERROR_CODE = 'CUSTOM_PANEL';

/**
 * Loads `projectId`'s custom panel types (`panel/custom/type/list`) and registers them in the panel
 * registry for as long as that project is open: on a project switch or unmount they are unregistered
 * before the next project's are registered. A type whose id is taken (a built-in) is skipped and reported.
 * Provides the registry to `children` with a new identity on every change, so boards and the builder's
 * catalogue re-render when types arrive. The server keeps at most 50 types per project, so this is bounded.
 */
export function CustomPanelTypes({
  projectId,
  children,
  importModule,
}: {
  projectId: string | null;
  children: ReactNode;
  /** Tests only: replaces the browser's dynamic import. */
  importModule?: ModuleImporter;
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
    const mine: string[] = [];
    root
      .request<CustomPanelTypeList>(CUSTOM_PANEL_ROUTES.typeList, { projectId }, { skipErrorHandler: true })
      .then((list) => {
        if (!active) return;
        for (const t of list.types) {
          if (isBuiltInPanel(t.type) || outer.get(t.type)) {
            console.error(`custom panel type "${t.type}" is already registered; skipped`);
            report(`${t.title}: panel type "${t.type}" is already registered`);
            continue;
          }
          registerPanel(customPanelDefinition(t, report, importModule));
          mine.push(t.type);
        }
      })
      .catch((e: unknown) => {
        if (!active) return;
        console.error('custom panel types could not be loaded', e);
        report(`custom panel types: ${(e as Error).message || String(e)}`);
      });
    return () => {
      active = false;
      for (const type of mine) unregisterPanel(type);
    };
  }, [projectId, root, report, importModule, outer]);

  const revision = useSyncExternalStore(panelRegistryChanges.subscribe, panelRegistryChanges.revision);
  const registry = useMemo<PanelRegistry>(
    // A new object per revision makes context consumers re-render when types come and go.
    () => ({ get: (type) => outer.get(type), list: () => outer.list() }),
    [outer, revision],
  );
  return <PanelRegistryContext.Provider value={registry}>{children}</PanelRegistryContext.Provider>;
}
