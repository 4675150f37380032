import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { fail, ROUTES, type Board, type SessionUser, type TunnelInfo } from '../../protocol';
import { createInProcessTelemetry } from '../../workers/telemetry/Telemetry';
import { activateLocale } from '../i18n/i18n';
import { RootStore } from '../stores';
import { fakeApi } from '../test/fakeApi';
import { subjectFeeds } from '../test/fakeFeeds';
import { makeAlarm, makeCraneDevice, makeGasDevice } from '../test/builders';
import { App } from './App';

/** Lazy panel chunks load slowly on a busy 2-core machine. */
const WAIT = { timeout: 5000 };

const USER: SessionUser = {
  username: 'admin',
  displayName: 'Administrator',
  isAdmin: true,
  projectId: 'demo-tunnel',
  coId: 'co-demo',
  coName: 'Demo Tunnel Construction Group',
  coLogo: '',
  mid: 'm1',
  projects: [{ projectId: 'demo-tunnel', name: 'Yunling Twin-Bore Tunnel', coId: 'co-demo' }],
};

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_050, headings: [{ headingId: 'LK-E', name: 'e', portal: 'entry', faceM: 1262, liningM: 1150, invertM: 1215, rockGrade: 'IV' }] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 12_020, lengthM: 3_010, headings: [] },
];

const BOARD: Board = {
  boardId: 'demo-live',
  projectId: 'demo-tunnel',
  name: 'Tunnel live board',
  version: 1,
  layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [
    {
      pageId: 'p1',
      name: 'Live',
      order: 0,
      panels: [
        { panelId: 'personnel', type: 'tunnelPersonnel', x: 20, y: 20, w: 1880, h: 430, z: 1, config: { binM: 20 } },
        { panelId: 'trend', type: 'gasTrend', x: 20, y: 470, w: 920, h: 590, z: 2, config: { sn: 'GAS-LK-E-F', gases: ['CO', 'NO2', 'O2', 'dust'], windowMin: 30 } },
        { panelId: 'table', type: 'gasTable', x: 960, y: 470, w: 940, h: 280, z: 3, config: {} },
        { panelId: 'crane', type: 'towerCrane', x: 960, y: 770, w: 460, h: 290, z: 4, config: { sn: 'TC-01' } },
        { panelId: 'alarms', type: 'alarmFeed', x: 1440, y: 770, w: 460, h: 290, z: 5, config: { limit: 50 } },
      ],
    },
  ],
};

function server() {
  let loggedIn = false;
  const guard = (data: () => unknown) => () => (loggedIn ? data() : fail('UNAUTHENTICATED', 'login first'));
  return fakeApi({
    [ROUTES.me]: guard(() => USER),
    [ROUTES.login]: (b) => {
      if (b.username !== 'admin' || b.password !== 'pw') return fail('INVALID_CREDENTIALS', 'Invalid user name or password');
      loggedIn = true;
      return { username: 'admin' };
    },
    [ROUTES.boardList]: guard(() => ({ result: '0', board: [{ boardId: 'demo-live', name: 'Tunnel live board', version: 1 }] })),
    [ROUTES.boardScreen]: guard(() => BOARD),
    [ROUTES.deviceList]: guard(() => [makeGasDevice({ sn: 'GAS-LK-E-F', name: 'LK-E face' }), makeCraneDevice({ sn: 'TC-01' })]),
    [ROUTES.tunnelList]: guard(() => TUNNELS),
    [ROUTES.alarmList]: guard(() => ({ total: 1, page: 1, pageSize: 200, list: [makeAlarm({ alarmId: 1 })] })),
    [ROUTES.telemetryHistory]: guard(() => ({ series: [] })),
  });
}

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

  it('blocks on login, then shows the board of the URL full screen with its five panels', async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/viewBoard?boardId=demo-live';
    const feeds = subjectFeeds();
    const api = server();
    const root = new RootStore({ fetch: api.fetch, createFeeds: feeds.factory, createTelemetry: createInProcessTelemetry });
    render(<App root={root} />);

    const user = await screen.findByLabelText(/User name/);
    expect(document.querySelector('[data-panel-id]')).toBeNull();
    fireEvent.change(user, { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid user name or password', {}, WAIT)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(document.querySelectorAll('[data-panel-id]')).toHaveLength(5), WAIT);
    expect(screen.getByText('Yunling Twin-Bore Tunnel')).toBeTruthy();
    expect(api.calls.find((c) => c.route === ROUTES.boardScreen)?.body).toEqual({ boardId: 'demo-live', released: true });
    const page = document.querySelector('[data-page-id="p1"]') as HTMLElement;
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
    const api = server();
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
    await root.session.login('admin', 'pw');
    render(<App root={root} />);
    expect(await screen.findByRole('option', { name: 'Tunnel live board' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dataV/create');
  });
});
