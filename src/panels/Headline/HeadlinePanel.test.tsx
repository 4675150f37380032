import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser, TunnelInfo } from '../../../protocol';
import { PanelDataProvider, type PanelDataSource } from '../../panelData';
import { T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { HeadlinePanel } from './HeadlinePanel';

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const TUNNELS: TunnelInfo[] = [{ tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] }];

describe('headline panel', () => {
  it('reads "—" people underground until the first personnel frame, never a 0 nobody counted', async () => {
    const root = testRoot();
    runInAction(() => (root.session.user = USER));
    const feed = observable({ alarms: [], loading: false, fresh: new Set<number>(), deal: null });
    // a source whose personnel frames have not come yet
    const source = {
      mode: 'live', clock: { now: () => T0 }, epoch: 1, devices: () => [], device: () => undefined, devicesLoading: () => false, tunnels: () => TUNNELS, tunnelsLoaded: () => true,
      hold: () => () => {}, refusal: () => null, positionsVersion: () => 0, personnel: () => new Promise(() => {}), alarmFeed: () => feed, alarmsInRange: () => [],
    } as unknown as PanelDataSource;
    const panel = <HeadlinePanel panelId="h" config={{ figures: ['people', 'alarms'] }} width={1200} height={130} />;
    const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{panel}</PanelDataProvider> }], { initialEntries: ['/'] });
    const view = await renderWithApp(<RouterProvider router={router} />, root);
    await screen.findByText('Left bore');
    const tile = view.container.querySelector('[data-headline="people"][data-tunnel-id="LK"]');
    expect(tile?.querySelector('[data-figure]')?.textContent).toMatch(/^—/);
    expect(tile?.hasAttribute('data-count')).toBe(false);
    // the other figures do not wait for it
    expect(view.container.querySelector('[data-headline="alarms"] [data-figure]')?.textContent).toBe('0');
  });
});
