import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { EquipmentFleet, SessionUser } from '../../protocol';
import { renderWithApp, testRoot } from '../test/render';
import { PanelDataProvider } from './context';
import { useFleetSummary } from './fleet';
import type { PanelDataSource } from './types';

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const AT = Date.UTC(2026, 10, 27, 3, 30, 20); // a replay instant, 20 s into its minute

function Summary() {
  const { summary, failed } = useFleetSummary();
  return <p>{failed ? 'failed' : summary ? `${summary.entries.length} machines` : 'loading'}</p>;
}

/** Renders the hook over a source in `mode` whose `fleet` is `fleet`. */
async function show(mode: 'live' | 'replay', fleet: PanelDataSource['fleet']) {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = { mode, clock: { now: () => AT }, epoch: 1, fleet } as unknown as PanelDataSource;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}><Summary /></PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('useFleetSummary reads the fleet from the board\'s data source', () => {
  it('asks a replay source as of the minute of the replay instant', async () => {
    const fleet = vi.fn(async () => ({ entries: [{}, {}] }) as unknown as EquipmentFleet);
    await show('replay', fleet);
    expect(await screen.findByText('2 machines')).toBeTruthy();
    expect(fleet).toHaveBeenCalledWith('p1', Math.floor(AT / 60_000) * 60_000);
  });

  it('says so when the source cannot answer', async () => {
    await show('live', () => Promise.reject(new Error('down')));
    expect(await screen.findByText('failed')).toBeTruthy();
  });
});
