import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser, TunnelInfo, VehicleInfo, VehicleState } from '../../../protocol';
import { PanelDataProvider, type PanelDataSource } from '../../panelData';
import { renderWithApp, testRoot } from '../../test/render';
import { VehiclesInTunnelPanel } from './VehiclesInTunnelPanel';

const AT = Date.UTC(2026, 10, 27, 3, 30, 20);
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const bore = (tunnelId: string, name: string, startChainageM: number): TunnelInfo => ({ tunnelId, name, startChainageM, lengthM: 3_000, headings: [] });
const TUNNELS = [bore('LK', 'Left bore', 12_000), bore('RK', 'Right bore', 12_020)];

function vehicle(sn: string, plate: string, over: Partial<VehicleInfo>): VehicleInfo {
  return { sn, name: sn, plate, type: 'dumpTruck', driver: 'Li Wei', source: 'leased', tunnelId: null, chainageM: null, speedKmh: null, moving: false, present: false, lastSeenMs: null, ...over };
}

const STATE: VehicleState = {
  atMs: AT,
  vehicles: [
    vehicle('V1', 'SD-101', { type: 'loader', source: 'own', tunnelId: 'LK', chainageM: 1_142, speedKmh: 3.2, moving: true, present: true, lastSeenMs: AT - 1_000 }),
    vehicle('V2', 'SD-102', { tunnelId: 'LK', chainageM: 600.4, speedKmh: 7.9, moving: true, present: true, lastSeenMs: AT - 500 }),
    vehicle('V3', 'SD-103', { tunnelId: 'RK', chainageM: 1_500, speedKmh: 0, present: true, lastSeenMs: AT - 2_000 }),
    // last seen 5 min ago: not in the tunnel, listed after the others, counted nowhere
    vehicle('V4', 'SD-104', { type: 'shotcreteTruck', tunnelId: 'RK', chainageM: 900, speedKmh: 6, lastSeenMs: AT - 300_000 }),
  ],
};

async function show(mode: 'live' | 'replay', vehicles?: PanelDataSource['vehicles']): Promise<void> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = { mode, clock: { now: () => AT }, epoch: 1, tunnels: () => TUNNELS, tunnelsLoaded: () => true, vehicles } as unknown as PanelDataSource;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{<VehiclesInTunnelPanel panelId="v" config={{}} width={1240} height={460} />}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('vehicles in tunnel panel', () => {
  it('counts the vehicles in each bore, lists those in the tunnel first with chainage and speed, and opens a card', async () => {
    await show('live', { state: async () => STATE });
    await screen.findByText('SD-101');
    const count = (id: string) => document.querySelector(`[data-bore-vehicles="${id}"] strong`)?.textContent;
    expect([count('LK'), count('RK')]).toEqual(['2', '1']);
    const rows = [...document.querySelectorAll('[data-vehicle-row]')].map((r) => r.getAttribute('data-vehicle-row'));
    // in the tunnel by bore and chainage, then the one that left
    expect(rows).toEqual(['V2', 'V1', 'V3', 'V4']);
    const v2 = document.querySelector('[data-vehicle-row="V2"]')!.textContent;
    expect(v2).toContain('K12+600');
    expect(v2).toContain('7.9');
    expect(document.querySelector('[data-vehicle-row="V4"]')!.textContent).not.toContain('K12+920');
    fireEvent.click(document.querySelector('[data-vehicle-row="V1"]')!);
    const card = await screen.findByRole('dialog', { name: 'Vehicle SD-101' });
    expect(card.textContent).toContain('Loader');
    expect(card.textContent).toContain('Own');
    expect(card.textContent).toContain('K13+142');
    expect(card.textContent).toContain('3.2 km/h');
  });

  it('says vehicles are shown live only in replay', async () => {
    await show('replay');
    await screen.findByText('Vehicles are shown live only');
  });

  it('says so when the vehicles cannot be loaded', async () => {
    await show('live', { state: () => Promise.reject(new Error('down')) });
    await screen.findByText('Vehicles could not be loaded');
  });
});
