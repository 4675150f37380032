import { useMemo, type ReactNode } from 'react';
import { FluentProvider, Toaster } from '@fluentui/react-components';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { StoresContext, type RootStore } from '../stores';
import { PanelRegistryContext, TOASTER_ID, type PanelRegistry } from '../components';
import { panelRegistry } from '../panels/registry';
import { createScreenTheme } from '../theme/theme';
import { i18n as globalI18n } from '../i18n/i18n';

/**
 * Everything the tree below needs: Lingui, the dark Fluent theme, the root store, the panel registry and
 * the app's one Toaster.
 */
export function AppProviders({
  root,
  children,
  i18n = globalI18n,
  registry = panelRegistry,
}: {
  root: RootStore;
  children: ReactNode;
  i18n?: I18n;
  registry?: PanelRegistry;
}) {
  const theme = useMemo(() => createScreenTheme(), []);
  return (
    <I18nProvider i18n={i18n}>
      <FluentProvider theme={theme} style={{ background: 'transparent', minHeight: '100%' }}>
        <StoresContext.Provider value={root}>
          <PanelRegistryContext.Provider value={registry}>
            {children}
            <Toaster toasterId={TOASTER_ID} position="top-end" />
          </PanelRegistryContext.Provider>
        </StoresContext.Provider>
      </FluentProvider>
    </I18nProvider>
  );
}
