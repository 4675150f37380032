import { createContext, useContext, useEffect } from 'react';
import type { RootStore } from './RootStore';

/** The root store of the app; provided once at the top of the tree. */
export const StoresContext = createContext<RootStore | null>(null);

/** The root store. Throws when used outside StoresContext (a wiring bug, not a runtime condition). */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores() outside <StoresContext.Provider>');
  return root;
}

/**
 * Keeps `projectId` open for live data (RootStore.openProject: live feeds, devices, tunnels, alarms) while
 * the calling screen is mounted, and closes it when the screen goes or the project changes. Null: nothing.
 */
export function useOpenProject(projectId: string | null | undefined): void {
  const root = useStores();
  useEffect(() => {
    if (!projectId) return;
    void root.openProject(projectId);
    return () => root.closeProject();
  }, [root, projectId]);
}

/**
 * Loads the tunnels (bores) of `projectId` into the TunnelStore when they are not loaded yet, for a screen
 * that names bores and chainages (people, zones) without opening the project live. A failure leaves the
 * store empty (the screen shows raw metres); null: nothing.
 */
export function useProjectTunnels(projectId: string | null | undefined): void {
  const { tunnels } = useStores();
  useEffect(() => {
    if (projectId && !tunnels.loaded) void tunnels.load(projectId).catch(() => {});
  }, [tunnels, projectId]);
}
