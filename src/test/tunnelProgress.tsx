import type { ReactElement } from 'react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { headingFigures, tunnelFigures, type SessionUser, type TunnelInfo, type TunnelProgressAt } from '../../protocol';
import { PanelDataProvider, type PanelDataSource } from '../panelData';
import { renderWithApp, testRoot } from './render';

/** Test data of the tunnel progress panels: one bore of the demo project with its entry heading. */

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;

/** A replay instant, 20 s into its minute. */
export const PROGRESS_AT = Date.UTC(2026, 10, 27, 3, 30, 20);

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

/** The bore with its figures as of {@link PROGRESS_AT}: invert 37 m and lining 92 m behind a grade IV face. */
export const PROGRESS_BORES: TunnelProgressAt[] = [
  { tunnel: TUNNEL, figures: tunnelFigures(TUNNEL, [headingFigures(TUNNEL, TUNNEL.headings[0], [], TUNNEL.rockSegments!, PROGRESS_AT)]) },
];

/** Renders `panel` for a viewer of project p1 over a source in `mode` whose `tunnelProgress` is `progress`. */
export async function showProgressPanel(panel: ReactElement, mode: 'live' | 'replay', progress: PanelDataSource['tunnelProgress']): Promise<void> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = { mode, clock: { now: () => PROGRESS_AT }, epoch: 1, tunnelProgress: progress } as unknown as PanelDataSource;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{panel}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}
