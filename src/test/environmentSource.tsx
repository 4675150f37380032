import type { ReactElement } from 'react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DeviceInfo, EnvironmentDaily, SessionUser } from '../../protocol';
import { PanelDataProvider, type EnvironmentSource, type PanelDataSource } from '../panelData';
import { renderWithApp, testRoot } from './render';

/** The instant the environment panels' tests show (Beijing 2026-11-27 11:30). */
export const ENV_AT = Date.UTC(2026, 10, 27, 3, 30);
const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;

/** Seven days of one monitor as environment/daily answers them, with `over` changing some days. */
export function weekOf(sn: string, over: Partial<EnvironmentDaily['stations'][number]['days'][number]>[] = []): EnvironmentDaily {
  const days = Array.from({ length: 7 }, (_, i) => ({
    dayMs: Date.UTC(2026, 10, 20 + i, -8),
    date: `2026-11-${20 + i}`,
    pm10: 60,
    pm25: 40,
    tsp: 0.3,
    compliant: true,
    noiseDayLeq: 62.5,
    noiseNightLeq: 50.1,
    ...over[i],
  }));
  return {
    fromMs: days[0].dayMs,
    limits: { pm10: 150, pm25: 75, tsp: 0.7, noiseDay: 70, noiseNight: 55 },
    stations: [{ sn, name: `Monitor ${sn}`, days, compliantDays: days.filter((d) => d.compliant).length, judgedDays: days.filter((d) => d.compliant !== null).length }],
  };
}

/**
 * Renders an environment panel over a panel-data source in `mode` at ENV_AT with `devices` and the
 * site-environment source `env` (absent: a source without a server), inside a router and a signed-in session.
 */
export async function showEnvironmentPanel(ui: ReactElement, mode: 'live' | 'replay', env: EnvironmentSource | undefined, devices: DeviceInfo[] = []): Promise<void> {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const source = {
    mode,
    clock: { now: () => ENV_AT },
    epoch: 1,
    devices: () => devices,
    device: (sn: string) => devices.find((d) => d.sn === sn),
    devicesLoading: () => false,
    hold: () => () => {},
    refusal: () => null,
    siteEnvironment: env,
  } as unknown as PanelDataSource;
  const router = createMemoryRouter([{ path: '*', element: <PanelDataProvider source={source}>{ui}</PanelDataProvider> }], { initialEntries: ['/'] });
  await renderWithApp(<RouterProvider router={router} />, root);
}
