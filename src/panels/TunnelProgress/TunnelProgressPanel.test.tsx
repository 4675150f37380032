import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { headingFigures, tunnelFigures, type SessionUser, type TunnelInfo, type TunnelProgressAt } from '../../../protocol';
import { renderWithApp, testRoot } from '../../test/render';
import { PanelDataProvider, type PanelDataSource } from '../../panelData';
import { TunnelProgressPanel } from './TunnelProgressPanel';

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;
const AT = Date.UTC(2026, 10, 27, 3, 30, 20); // a replay instant, 20 s into its minute

const TUNNEL: TunnelInfo = {
  tunnelId: 'LK',
  name: 'Left bore',
  startChainageM: 12_000,
  lengthM: 3_050,
  headings: [{ headingId: 'LK-E', name: 'Entry heading', portal: 'entry', faceM: 1_272, invertM: 1_235, liningM: 1_180, rockGrade: 'IV' }],
  rockSegments: [
    { fromM: 0, toM: 1_100, grade: 'III' },
    { fromM: 1_100, toM: 3_050, grade: 'IV' },
  ],
};
const BORES: TunnelProgressAt[] = [{ tunnel: TUNNEL, figures: tunnelFigures(TUNNEL, [headingFigures(TUNNEL, TUNNEL.headings[0], [], TUNNEL.rockSegments!, AT)]) }];

/** Renders the panel over a source in `mode` whose `tunnelProgress` is `progress`. */
async function show(mode: 'live' | 'replay', progress: PanelDataSource['tunnelProgress']) {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = { mode, clock: { now: () => AT }, epoch: 1, tunnelProgress: progress } as unknown as PanelDataSource;
  const element = <TunnelProgressPanel panelId="x" config={{ showFigures: true }} width={1200} height={420} />;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{element}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('tunnel progress panels', () => {
  it('draw the bores with the legend of their grades and the figures as of the replay minute, never live data', async () => {
    const progress = vi.fn(async () => BORES);
    await show('replay', progress);
    expect(await screen.findByText('Grade IV')).toBeTruthy();
    expect(screen.getByText('Grade III')).toBeTruthy();
    expect(screen.queryByText('Grade V')).toBeNull();
    expect(screen.getByText('Entry heading K13+272 · IV')).toBeTruthy();
    expect(progress).toHaveBeenCalledWith('p1', Math.floor(AT / 60_000) * 60_000);
  });

  it('say so when the source cannot answer', async () => {
    await show('live', () => Promise.reject(new Error('down')));
    expect(await screen.findByText('Tunnel progress could not be loaded')).toBeTruthy();
  });
});
