import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BOARD_TICKET_HEADER, ROUTES, type Board, type SessionUser } from '../../../protocol';
import { createInProcessTelemetry } from '../../../workers/telemetry/Telemetry';
import { activateLocale } from '../../i18n/i18n';
import { RootStore } from '../../stores';
import { fakeApi } from '../../test/fakeApi';
import { subjectFeeds } from '../../test/fakeFeeds';
import { makeCraneDevice, makeGasDevice } from '../../test/builders';
import { App } from '../App';

const WAIT = { timeout: 8000 };

const USER: SessionUser = {
  username: 'admin',
  displayName: 'Administrator',
  isAdmin: true,
  projectId: 'demo-tunnel',
  coId: 'co-demo',
  coName: 'Demo',
  coLogo: '',
  mid: 'm1',
  projects: [{ projectId: 'demo-tunnel', name: 'Yunling Twin-Bore Tunnel', coId: 'co-demo' }],
};

describe('DataDrivenScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows a board made from the devices and saves it as a new board with a ticket', async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/dataDriven';
    let version = 1;
    const added: Array<Record<string, unknown>> = [];
    const api = fakeApi({
      [ROUTES.me]: () => USER,
      [ROUTES.login]: () => ({ username: 'admin' }),
      [ROUTES.deviceList]: () => [makeGasDevice({ sn: 'GAS-F', name: 'LK-E face' }), makeCraneDevice({ sn: 'TC-01' })],
      [ROUTES.tunnelList]: () => [],
      [ROUTES.alarmList]: () => ({ total: 0, page: 1, pageSize: 200, list: [] }),
      [ROUTES.telemetryHistory]: () => ({ series: [] }),
      [ROUTES.ticketGet]: () => ({ ticket: 'T1', expiresAtMs: 0 }),
      [ROUTES.boardAdd]: (b): Board => ({
        boardId: 'new1',
        projectId: String(b.projectId),
        name: String(b.name),
        version: 1,
        layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
        pages: [{ pageId: 'pg1', name: 'Page 1', order: 0, panels: [] }],
      }),
      [ROUTES.panelCustomAdd]: (b) => {
        added.push(b);
        return { boardId: 'new1', version: ++version, pageId: b.pageId, panel: {} };
      },
    });
    const headers: Array<string | null> = [];
    const fetch = ((url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers).get(BOARD_TICKET_HEADER));
      return api.fetch(url, init);
    }) as typeof globalThis.fetch;
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
    await root.session.login('admin', 'pw');
    render(<App root={root} />);

    await waitFor(() => expect(root.boards.board?.boardId).toBe('dataDriven'), WAIT);
    expect(root.boards.board?.pages[0].panels.map((p) => p.type)).toEqual(['gasTable', 'alarmFeed', 'towerCrane', 'gasTrend']);
    // the ticket calls go through the global fetch (as the builder's do); route them to the fake server
    const saved = globalThis.fetch;
    globalThis.fetch = fetch;
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Save as board' }, WAIT));
      await waitFor(() => expect(window.location.hash).toBe('#/dataV/create?boardId=new1'), WAIT);
    } finally {
      globalThis.fetch = saved;
    }
    expect(headers).toContain('T1');
    expect(api.calls.find((c) => c.route === ROUTES.boardAdd)?.body).toMatchObject({ projectId: 'demo-tunnel', name: 'Data-driven board' });
    expect(added.map((b) => [b.baseVersion, (b.panel as { type: string }).type])).toEqual([
      [1, 'gasTable'],
      [2, 'alarmFeed'],
      [3, 'towerCrane'],
      [4, 'gasTrend'],
    ]);
  });
});
