import type { ReactElement } from 'react';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import { createInProcessTelemetry } from '../../workers/telemetry/Telemetry';

/** The replay history service in process (jsdom has no workers), for replay sources in tests. */
export { createInProcessHistory } from '../../workers/telemetry/History';
/** The telemetry service in process, for live pipelines started in component tests. */
export { createInProcessTelemetry };
import { AppProviders } from '../app/providers';
import { activateLocale } from '../i18n/i18n';
import type { AppLocale } from '../i18n/locale';
import { RootStore, type RootStoreDeps } from '../stores';
import { subjectFeeds } from './fakeFeeds';

/** A root store for component tests: injected fetch, Subject feeds, in-process parts only. */
export function testRoot(deps: RootStoreDeps = {}): RootStore {
  return new RootStore({ createFeeds: subjectFeeds().factory, ...deps });
}

/**
 * A root store for whole-app tests: REST through `fetch` (e.g. a realServer client's), live feeds from
 * `feeds`, telemetry in process (jsdom has no workers).
 */
export function appRoot(fetch: typeof globalThis.fetch, feeds: ReturnType<typeof subjectFeeds> = subjectFeeds()): RootStore {
  return new RootStore({ fetch, createFeeds: feeds.factory, createTelemetry: createInProcessTelemetry });
}

/** Renders `ui` inside the app's providers (Lingui in `locale`, Fluent dark theme, stores, registry, Toaster). */
export async function renderWithApp(ui: ReactElement, root: RootStore, locale: AppLocale = 'en'): Promise<RenderResult> {
  await activateLocale(locale);
  return render(<AppProviders root={root}>{ui}</AppProviders>);
}

/** Fills the login form (once it shows, within `timeoutMs`) and presses Sign in, as a user would. */
export async function signInThroughForm(username: string, password: string, timeoutMs = 5000): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/User name/, {}, { timeout: timeoutMs }), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}
