import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { activateLocale } from '../i18n/i18n';
import type { AppLocale } from '../i18n/locale';
import { RootStore, type RootStoreDeps } from '../stores';
import { subjectFeeds } from './fakeFeeds';

/** A root store for component tests: injected fetch, Subject feeds, in-process parts only. */
export function testRoot(deps: RootStoreDeps = {}): RootStore {
  return new RootStore({ createFeeds: subjectFeeds().factory, ...deps });
}

/** Renders `ui` inside the app's providers (Lingui in `locale`, Fluent dark theme, stores, registry, Toaster). */
export async function renderWithApp(ui: ReactElement, root: RootStore, locale: AppLocale = 'en'): Promise<RenderResult> {
  await activateLocale(locale);
  return render(<AppProviders root={root}>{ui}</AppProviders>);
}
