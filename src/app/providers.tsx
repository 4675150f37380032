import type { ReactNode } from 'react';
import { FluentProvider, makeStaticStyles, Toaster } from '@fluentui/react-components';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { StoresContext, type RootStore } from '../stores';
import { PanelRegistryContext, TOASTER_ID, type PanelRegistry } from '../components';
import { panelRegistry } from '../panels/registry';
import { i18n as globalI18n } from '../i18n/i18n';
import { useLanguage } from './LanguageMenu';
import { ThemeControlProvider, useThemeControlState } from './shell/ThemeController';
import { ThemeStatusBanner } from './shell/ThemeMenu';
import { ProjectThemeSync } from './shell/ProjectThemeSync';
import { useScreenCssVars } from '../theme/screenVars';

// In right-to-left languages the layout mirrors, but charts and the tunnel map keep their axes
// (time and chainage run left to right): uPlot's and Konva's containers stay left to right.
const useLtrIslands = makeStaticStyles({
  '.uplot, .konvajs-content, [data-keep-ltr]': { direction: 'ltr' },
});

/**
 * Everything the tree below needs: Lingui, the Fluent theme of the stored theme settings (dark #00b589 by
 * default), the language's direction, the root store, the panel registry and
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
  const themeControl = useThemeControlState();
  const { dir } = useLanguage();
  useScreenCssVars(themeControl.settings);
  useLtrIslands();
  return (
    <I18nProvider i18n={i18n}>
      <ThemeControlProvider value={themeControl}>
      <FluentProvider theme={themeControl.theme} dir={dir} data-theme={themeControl.settings.theme} style={{ background: 'transparent', minHeight: '100%' }}>
        <StoresContext.Provider value={root}>
          <PanelRegistryContext.Provider value={registry}>
            <ProjectThemeSync />
            {children}
            <Toaster toasterId={TOASTER_ID} position="top-end" />
            <ThemeStatusBanner />
          </PanelRegistryContext.Provider>
        </StoresContext.Provider>
      </FluentProvider>
      </ThemeControlProvider>
    </I18nProvider>
  );
}
