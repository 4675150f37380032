import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { headingFigures, tunnelFigures, type SessionUser, type TunnelInfo, type TunnelProgressAt } from '../../../protocol';
import { renderWithApp, testRoot } from '../../test/render';
import { PanelDataProvider, type PanelDataSource } from '../../panelData';
import { ProgressFiguresPanel } from './ProgressFiguresPanel';

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

/** Renders the figures panel over a source in `mode` whose `tunnelProgress` is `progress`. */
async function show(mode: 'live' | 'replay', progress: PanelDataSource['tunnelProgress']) {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = { mode, clock: { now: () => AT }, epoch: 1, tunnelProgress: progress } as unknown as PanelDataSource;
  const element = <ProgressFiguresPanel panelId="y" config={{}} width={1200} height={300} />;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{element}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('progress figures panel', () => {
  it('mark a step distance over its limit in words, not only in colour', async () => {
    await show('live', async () => BORES);
    // invert 37 m and lining 92 m behind a grade IV face (limits 35 m and 90 m)
    await screen.findAllByText(/37 \/ 35 m/);
    const over = [...document.querySelectorAll('[data-step-exceeded="true"]')].map((e) => e.textContent);
    expect(over).toEqual(['37 / 35 m ▲ over limit', '92 / 90 m ▲ over limit']);
  });

});
