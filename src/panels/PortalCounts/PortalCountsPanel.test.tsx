import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PortalCrossing, PortalZoneCounts, SessionUser, TunnelInfo, ZonePortalCounts } from '../../../protocol';
import { PanelDataProvider, type PanelDataSource, type PortalSource } from '../../panelData';
import { T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { portalCountsConfigSchema } from './index';
import { PortalCountsPanel } from './PortalCountsPanel';

// 11:00 Beijing time (T0 is a whole hour); the replay instant 10:37
const NOW = T0 + 3_600_000;
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
];
const crossing = (minutesAgo: number, name: string, team: string, direction: PortalCrossing['direction']): PortalCrossing => ({ atMs: NOW - minutesAgo * 60_000, sn: `B-${name}`, name, team, direction });
const zone = (zoneId: string, name: string, tunnelId: string, fromM: number, toM: number, portalIn: number, portalOut: number, crossings: PortalCrossing[] = []): PortalZoneCounts => ({
  zoneId, name, tunnelId, fromM, toM, portalIn, portalOut, crossings,
});
const CROSSINGS = [crossing(1, 'Zhang Wei', 'Drilling', 'in'), crossing(3, 'Li Na', '', 'out'), crossing(4, 'Wang Fang', 'Shotcrete', 'in'), crossing(6, 'Liu Yang', 'Drilling', 'in'), crossing(9, 'Chen Jie', 'Survey', 'out')];
const ZONES = [zone('LE', 'Left entry', 'LK', 0, 30, 14, 9, CROSSINGS), zone('LX', 'Left exit', 'LK', 2970, 3000, 2, 1), zone('RE', 'Right entry', 'RK', 0, 30, 5, 5)];

interface Shown {
  /** The instants (null: now) and crossing counts the panel asked for. */
  asked: Array<{ atMs: number | null; crossings: number }>;
}

/**
 * A board source without personnel frames (the underground count against the real telemetry code is
 * src/test/headcountAgrees.test.tsx's) and a portal source answering `answer` for the instant asked.
 */
async function show(mode: 'live' | 'replay', config: object = {}, answer: (atMs: number | null) => Promise<ZonePortalCounts> = async (atMs) => ({ atMs: atMs ?? NOW, countedToMs: atMs ?? NOW, portals: ZONES }), size = { width: 720, height: 360 }, clock = { now: () => NOW }): Promise<Shown> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const shown: Shown = { asked: [] };
  const portals: PortalSource = {
    counts: (_projectId, atMs, crossings) => {
      shown.asked.push({ atMs, crossings });
      return answer(atMs);
    },
  };
  const feed = observable({ alarms: [], loading: false, fresh: new Set<number>(), deal: null });
  const source = {
    mode, clock, epoch: 1, devices: () => [], device: () => undefined, devicesLoading: () => false, tunnels: () => TUNNELS, tunnelsLoaded: () => true,
    hold: () => () => {}, refusal: () => null, positionsVersion: () => 0, personnel: () => new Promise(() => {}),
    alarmFeed: () => feed, alarmsInRange: () => [], portals,
  } as unknown as PanelDataSource;
  const panel = <PortalCountsPanel panelId="pc" config={portalCountsConfigSchema.parse(config)} {...size} />;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{panel}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
  return shown;
}

const text = (sel: string) => document.querySelector(sel)?.textContent;
const crossingLines = (zoneId: string) => [...document.querySelectorAll(`[data-portal="${zoneId}"] [data-crossing]`)].map((e) => e.textContent);

describe('portal-count panel', () => {
  it('defaults to showing the people underground and the latest 5 crossings, 0 to 10', () => {
    expect(portalCountsConfigSchema.parse({})).toEqual({ showUnderground: true, crossings: 5 });
    // a panel saved before crossings were listed keeps its setting and lists the default
    expect(portalCountsConfigSchema.parse({ showUnderground: false })).toEqual({ showUnderground: false, crossings: 5 });
    expect(portalCountsConfigSchema.safeParse({ crossings: 11 }).success).toBe(false);
    expect(portalCountsConfigSchema.safeParse({ crossings: -1 }).success).toBe(false);
  });

  it('shows per bore the people underground and per portal, entry first, the people in and out today', async () => {
    const shown = await show('live');
    await screen.findByText('Left entry', { exact: false });
    expect(shown.asked[0]).toEqual({ atMs: null, crossings: 5 });
    // no personnel frame has come (this source sends none): the figure says so rather than a 0 nobody counted
    expect(text('[data-bore="LK"] [data-underground]')).toBe('—');
    expect([...document.querySelectorAll('[data-bore="LK"] [data-portal]')].map((e) => `${e.getAttribute('data-portal')}:${e.getAttribute('data-end')}`)).toEqual(['LE:entry', 'LX:exit']);
    expect([text('[data-portal="LE"] [data-in]'), text('[data-portal="LE"] [data-out]'), text('[data-portal="RE"] [data-in]')]).toEqual(['14', '9', '5']);
    expect(text('[data-portal="LE"]')).toContain('Entry portal · Left entry');
    expect(text('[data-portal="LE"]')).toContain('In today');
    expect(text('[data-portal="LX"]')).toContain('Exit portal');
    // the figures read from across the room
    expect(parseFloat((document.querySelector('[data-portal="LE"] [data-in]') as HTMLElement).style.fontSize)).toBeGreaterThanOrEqual(20);
  });

  it('lists each portal\'s latest crossings, newest first, with time, direction, name and team, as many as fit whole', async () => {
    await show('live', {}, undefined, { width: 900, height: 700 });
    await screen.findByText('Left entry', { exact: false });
    expect(crossingLines('LE')).toEqual(['10:59 ▼ in Zhang Wei · Drilling', '10:57 ▲ out Li Na', '10:56 ▼ in Wang Fang · Shotcrete', '10:54 ▼ in Liu Yang · Drilling', '10:51 ▲ out Chen Jie · Survey']);
    expect(text('[data-portal="LX"] [data-no-crossings]')).toBe('No crossings logged');
    // a short panel lists fewer, never a cut line
    document.body.innerHTML = '';
    await show('live', {}, undefined, { width: 900, height: 300 });
    await screen.findByText('Left entry', { exact: false });
    const n = crossingLines('LE').length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(5);
  });

  it('lists as many crossings as configured, none at 0', async () => {
    const shown = await show('live', { crossings: 2 }, undefined, { width: 900, height: 700 });
    await screen.findByText('Left entry', { exact: false });
    expect(shown.asked[0].crossings).toBe(2);
    expect(crossingLines('LE')).toHaveLength(2);
    document.body.innerHTML = '';
    await show('live', { crossings: 0 }, undefined, { width: 900, height: 700 });
    await screen.findByText('Left entry', { exact: false });
    expect(document.querySelector('[data-crossings], [data-no-crossings]')).toBeNull();
  });

  it('leaves the underground figure out when configured so', async () => {
    await show('live', { showUnderground: false });
    await screen.findByText('Left entry', { exact: false });
    expect(document.querySelector('[data-underground]')).toBeNull();
  });

  it('says the counts could not be loaded when the server does not answer', async () => {
    await show('live', {}, () => Promise.reject(new Error('down')));
    expect(await screen.findByText('Portal counts could not be loaded')).toBeTruthy();
  });

  it('in replay asks the counts as of the replayed minute and follows the instant, saying how far they reach', async () => {
    let instant = NOW - 23 * 60_000 + 12_000; // 10:37:12
    const clock = { now: () => instant };
    // the crossing log covers the instant before 10:40; after, only the stored hours
    const answer = async (atMs: number | null) => ({ atMs: atMs!, countedToMs: atMs! < NOW - 20 * 60_000 ? atMs! : NOW - 3_600_000, portals: ZONES });
    const shown = await show('replay', {}, answer, { width: 900, height: 700 }, clock);
    await screen.findByText('Left entry', { exact: false });
    expect(shown.asked[0].atMs).toBe(NOW - 23 * 60_000);
    expect(text('[data-as-of]')).toBe('Counts as of 10:37');
    expect(text('[data-portal="LE"]')).not.toContain('today');
    instant = NOW - 10 * 60_000; // seek to 10:50
    await waitFor(() => expect(shown.asked.at(-1)?.atMs).toBe(NOW - 10 * 60_000), { timeout: 5000 });
    await waitFor(() => expect(text('[data-as-of]')).toBe('Counts as of 10:00 (hourly)'), { timeout: 5000 });
    expect(document.querySelector('[data-as-of]')?.getAttribute('data-as-of')).toBe('hour');
  });

  it('in replay says when no crossing was logged before the instant', async () => {
    await show('replay', {}, async (atMs) => ({ atMs: atMs!, countedToMs: atMs!, portals: [zone('LE', 'Left entry', 'LK', 0, 30, 0, 0)] }), { width: 900, height: 700 });
    expect(await screen.findByText('No crossings logged before this instant')).toBeTruthy();
  });
});
