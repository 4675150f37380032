import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { BOARDS } from '../../../../protocol';
import { activateLocale } from '../../../../src/i18n/i18n';
import { subjectFeeds } from '../../../../src/test/fakeFeeds';
import { appRoot, signInThroughForm } from '../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { App } from '../../../../src/app/App';

/** Lazy panel chunks load slowly on a busy 2-core machine. */
const WAIT = { timeout: 5000 };

const real = useRealServer();

describe('App', () => {
  const sizes = { clientWidth: 1920, clientHeight: 1128 };
  const saved: Array<[string, PropertyDescriptor | undefined]> = [];
  beforeEach(() => {
    for (const [k, v] of Object.entries(sizes)) {
      saved.push([k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]);
      Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
    }
  });
  afterEach(() => {
    for (const [k, d] of saved.splice(0)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
    window.location.hash = '';
  });

  it('blocks on login, then shows the board of the URL full screen with its six panels', async () => {
    await activateLocale('en');
    // the seeded demo board (server/seed/demoBoard.ts) and one active alarm on the server
    await (await real().device()).gas('GAS-LK-E-F', { CO: 31.5 }, { metric: 'CO', state: 'active' });
    window.location.hash = '#/dataV/viewBoard?boardId=demo-live';
    const feeds = subjectFeeds();
    const api = real().client();
    const root = appRoot(api.fetch, feeds);
    render(<App root={root} />);

    await screen.findByLabelText(/User name/);
    expect(document.querySelector('[data-panel-id]')).toBeNull();
    await signInThroughForm('admin', 'wrong');
    expect(await screen.findByText('Invalid username or password', {}, WAIT)).toBeTruthy();

    await signInThroughForm('admin', TEST_ADMIN_PASSWORD);

    await waitFor(() => expect(document.querySelectorAll('[data-panel-id]')).toHaveLength(6), WAIT);
    expect(screen.getByText('Yunling Twin-Bore Tunnel')).toBeTruthy();
    expect(api.calls.find((c) => c.route === BOARDS.boardScreen.path)?.body).toEqual({ boardId: 'demo-live', released: true });
    const page = document.querySelector('[data-page-id="demo-live-p1"]') as HTMLElement;
    // viewport 1920 × (1128 − 48 header) → scale 1
    expect(page.style.transform).toBe('scale(1)');
    expect(feeds.opened).toEqual(['demo-tunnel']);

    act(() => feeds.connected.next(true));
    expect(document.querySelector('[data-connection]')?.getAttribute('data-connection')).toBe('live');
    expect(await screen.findByText('Tower crane 1 (entry yard)', {}, WAIT)).toBeTruthy();
    // every panel rendered its view: no config error, no crash
    await waitFor(() => expect(document.querySelector('[data-panel-type="tunnelPersonnel"] canvas')).not.toBeNull(), WAIT);
    await waitFor(() => expect(document.querySelector('[data-panel-type="gasTrend"] .uplot')).not.toBeNull(), WAIT);
    await screen.findByText('Active alarms: 1', {}, WAIT);
    expect(document.querySelectorAll('[data-panel-id] [role="alert"]')).toHaveLength(0);
    await waitFor(() => expect(feeds.telemetryObserved('gas') && feeds.telemetryObserved('beacon') && feeds.telemetryObserved('towerCrane')).toBe(true), WAIT);

    // a restart of the pipeline in one go (same project, as StrictMode or a route change does) drops
    // every subscription; the panels take theirs again
    await act(async () => {
      root.closeProject();
      expect(feeds.telemetryObserved('gas')).toBe(false);
      await root.openProject('demo-tunnel');
    });
    await waitFor(() => expect(feeds.telemetryObserved('gas') && feeds.telemetryObserved('beacon') && feeds.telemetryObserved('towerCrane')).toBe(true), WAIT);
  });

  it('redirects / to the board builder', async () => {
    await activateLocale('en');
    window.location.hash = '#/';
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);
    expect(await screen.findByRole('option', { name: 'Tunnel live board' }, WAIT)).toBeTruthy();
    expect(window.location.hash).toBe('#/dataV/create');
  });
});
