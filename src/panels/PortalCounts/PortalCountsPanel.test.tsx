import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser, TunnelInfo, ZoneRow } from '../../../protocol';
import { PanelDataProvider, type PanelDataSource, type RegisterSource } from '../../panelData';
import { T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { portalCountsConfigSchema } from './index';
import { PortalCountsPanel } from './PortalCountsPanel';

const NOW = T0 + 3_600_000;
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
];
const zone = (zoneId: string, name: string, tunnelId: string, fromM: number, toM: number, portalIn: number, portalOut: number): ZoneRow => ({
  zoneId, projectId: 'p1', name, kind: 'portal', tunnelId, fromM, toM, entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null,
  signalLostS: null, gatheringAllowed: false, assignedTeams: [], headcount: 0, portalIn, portalOut,
});
const ZONES = [zone('LE', 'Left entry', 'LK', 0, 30, 14, 9), zone('LX', 'Left exit', 'LK', 2970, 3000, 2, 1), zone('RE', 'Right entry', 'RK', 0, 30, 5, 5)];

/**
 * A board source without personnel frames (the underground count against the real telemetry code is
 * src/test/headcountAgrees.test.tsx's) and a register source answering ZONES.
 */
async function show(mode: 'live' | 'replay', showUnderground = true, portalZones: RegisterSource['portalZones'] = async () => ZONES): Promise<void> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const registers: RegisterSource = { supplyPoints: async () => [], inspections: () => Promise.reject(new Error('not here')), portalZones };
  const feed = observable({ alarms: [], loading: false, fresh: new Set<number>(), deal: null });
  const source = {
    mode, clock: { now: () => NOW }, epoch: 1, devices: () => [], device: () => undefined, devicesLoading: () => false, tunnels: () => TUNNELS, tunnelsLoaded: () => true,
    hold: () => () => {}, refusal: () => null, positionsVersion: () => 0, personnel: () => new Promise(() => {}),
    alarmFeed: () => feed, alarmsInRange: () => [], registers: mode === 'live' ? registers : undefined,
  } as unknown as PanelDataSource;
  const panel = <PortalCountsPanel panelId="pc" config={portalCountsConfigSchema.parse({ showUnderground })} width={720} height={360} />;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{panel}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

const text = (sel: string) => document.querySelector(sel)?.textContent;

describe('portal-count panel', () => {
  it('defaults to showing the people underground', () => {
    expect(portalCountsConfigSchema.parse({})).toEqual({ showUnderground: true });
  });

  it('shows per bore the people underground and per portal, entry first, the people in and out today', async () => {
    await show('live');
    await screen.findByText('Left entry', { exact: false });
    expect(text('[data-bore="LK"] [data-underground]')).toBe('0');
    expect([...document.querySelectorAll('[data-bore="LK"] [data-portal]')].map((e) => `${e.getAttribute('data-portal')}:${e.getAttribute('data-end')}`)).toEqual(['LE:entry', 'LX:exit']);
    expect([text('[data-portal="LE"] [data-in]'), text('[data-portal="LE"] [data-out]'), text('[data-portal="RE"] [data-in]')]).toEqual(['14', '9', '5']);
    expect(text('[data-portal="LE"]')).toContain('Entry portal · Left entry');
    expect(text('[data-portal="LX"]')).toContain('Exit portal');
    // the figures read from across the room
    expect(parseFloat((document.querySelector('[data-portal="LE"] [data-in]') as HTMLElement).style.fontSize)).toBeGreaterThanOrEqual(20);
  });

  it('leaves the underground figure out when configured so', async () => {
    await show('live', false);
    await screen.findByText('Left entry', { exact: false });
    expect(document.querySelector('[data-underground]')).toBeNull();
  });

  it('says the counts could not be loaded when the server does not answer', async () => {
    await show('live', true, () => Promise.reject(new Error('down')));
    expect(await screen.findByText('Portal counts could not be loaded')).toBeTruthy();
  });

  it('says portal counts are shown live only in replay', async () => {
    await show('replay');
    expect(await screen.findByText('Portal counts are shown live only')).toBeTruthy();
  });
});
