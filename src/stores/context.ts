import { createContext, useContext } from 'react';
import type { RootStore } from './RootStore';

/** The root store of the app; provided once at the top of the tree. */
export const StoresContext = createContext<RootStore | null>(null);

/** The root store. Throws when used outside StoresContext (a wiring bug, not a runtime condition). */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores() outside <StoresContext.Provider>');
  return root;
}
