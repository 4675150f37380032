import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser, SupplyPoint, TunnelInfo } from '../../../protocol';
import { PanelDataProvider, type PanelDataSource, type RegisterSource } from '../../panelData';
import { renderWithApp, testRoot } from '../../test/render';
import { layoutTunnels } from './layout';
import { SupplyPointMarks } from './SupplyPointMarks';

const AT = Date.UTC(2026, 10, 27, 3, 30, 20);
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_050, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 12_020, lengthM: 3_010, headings: [] },
];
const point = (recordId: number, name: string, tunnelId: string, chainageM: number): SupplyPoint => ({ register: 'supplyPoint', recordId, updatedAtMs: 0, updatedBy: 'a', name, tunnelId, chainageM, contact: 'Zhao Lei', phone: '138 8801 4432', note: 'Stretcher, lamps' });
const POINTS = [point(1, 'LK entry cabinet', 'LK', 13_150), point(2, 'RK exit store', 'RK', 15_030)];

async function show(enabled: boolean, mode: 'live' | 'replay' = 'live'): Promise<{ asked: number }> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const seen = { asked: 0 };
  const registers: RegisterSource = {
    supplyPoints: async () => {
      seen.asked++;
      return POINTS;
    },
    inspections: () => Promise.reject(new Error('not here')),
  };
  const source = { mode, clock: { now: () => AT }, epoch: 1, tunnels: () => TUNNELS, tunnelsLoaded: () => true, registers } as unknown as PanelDataSource;
  const layout = layoutTunnels(TUNNELS, 1400, 400);
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{<SupplyPointMarks bores={layout.bores} enabled={enabled} px={(p) => p} />}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
  return seen;
}

describe('supply points on the tunnel strip', () => {
  it('marks each point with the first-aid sign in its bore, names it with chainage, contact and phone, and opens its card', async () => {
    await show(true);
    const mark = await screen.findByRole('button', { name: 'Supply point LK entry cabinet' });
    expect(mark.getAttribute('title')).toBe('LK entry cabinet · K13+150 · Zhao Lei 138 8801 4432');
    expect(mark.querySelector('svg path')).not.toBeNull();
    expect(document.querySelectorAll('[data-supply-point]')).toHaveLength(2);
    const [lk, rk] = layoutTunnels(TUNNELS, 1400, 400).bores;
    // hung under its own bore's lower edge
    expect(parseFloat(mark.style.top)).toBeGreaterThan(lk.bodyY);
    expect(parseFloat(mark.style.top)).toBeLessThan(rk.bodyY);
    fireEvent.click(mark);
    const card = await screen.findByRole('dialog', { name: 'Supply point LK entry cabinet' });
    expect(card.textContent).toContain('K13+150');
    expect(card.textContent).toContain('Zhao Lei');
    expect(card.textContent).toContain('138 8801 4432');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('draws and asks nothing when switched off in the panel config, or in replay', async () => {
    const off = await show(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('[data-supply-layer]')).toBeNull();
    expect(off.asked).toBe(0);
    document.body.innerHTML = '';
    const replay = await show(true, 'replay');
    await waitFor(() => expect(document.querySelector('[data-supply-point]')).toBeNull());
    expect(replay.asked).toBe(0);
  });
});
