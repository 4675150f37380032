import { waitFor } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Alarm, DeviceInfo, PortalZoneCounts, SessionUser, TelemetryBatch, TunnelInfo } from '../../protocol';
import { TelemetryImpl } from '../../workers/telemetry/TelemetryImpl';
import { PanelDataProvider, type PanelDataSource, type PortalSource } from '../panelData';
import { makeAlarm, T0 } from './builders';
import { renderWithApp, testRoot } from './render';
import { HeadlinePanel } from '../panels/Headline/HeadlinePanel';
import { TunnelPersonnelPanel } from '../panels/TunnelPersonnel/TunnelPersonnelPanel';
import { PortalCountsPanel } from '../panels/PortalCounts/PortalCountsPanel';

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
];
const NOW = T0 + 3_600_000;

const beacon = (sn: string, agoMs: number, tunnelId: string, chainageM: number, sos = false): TelemetryBatch => ({
  projectId: 'demo-tunnel',
  topic: 'beacon',
  items: [{ sn, ts: NOW - agoMs, tunnelId, chainageM, battery: 80, sos }],
});
const device = (sn: string, tunnelId: string, chainageM: number): DeviceInfo => ({ sn, kind: 'beacon', name: `Wearer ${sn}`, position: sn, tunnelId, reportPeriodS: 1, status: 'online', lastSeenMs: NOW, latest: { chainageM }, thresholds: [] });

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'demo-tunnel', projects: [{ projectId: 'demo-tunnel', role: 'viewer' }] } as unknown as SessionUser;
const portal = (zoneId: string, tunnelId: string): PortalZoneCounts => ({ zoneId, name: `Portal ${tunnelId}`, tunnelId, fromM: 0, toM: 30, portalIn: 3, portalOut: 1, crossings: [] });
/** The portal counts of the portal-count panel: one portal zone per bore. */
const PORTALS: PortalSource = { counts: async () => ({ atMs: NOW, countedToMs: NOW, portals: [portal('PL', 'LK'), portal('PR', 'RK')] }) };

/**
 * A live board source over the real telemetry worker code (TelemetryImpl, in process): both panels read
 * the same beacon fixes through it, at a fixed board clock.
 */
function source(telemetry: TelemetryImpl, devices: DeviceInfo[], alarms: Alarm[]): PanelDataSource {
  const feed = observable({ alarms, loading: false, fresh: new Set<number>(), deal: null });
  return {
    mode: 'live',
    clock: { now: () => NOW },
    epoch: 1,
    devices: () => devices,
    device: (sn: string) => devices.find((d) => d.sn === sn),
    devicesLoading: () => false,
    tunnels: () => TUNNELS,
    tunnelsLoaded: () => true,
    hold: () => () => {},
    refusal: () => null,
    openSeries: () => () => {},
    seriesVersion: () => 0,
    window: () => Promise.reject(new Error('no charts here')),
    positionsVersion: () => 0,
    personnel: (req: Parameters<PanelDataSource['personnel']>[0]) => telemetry.personnel(req),
    alarmFeed: () => feed,
    alarmsInRange: () => [],
    portals: PORTALS,
  } as unknown as PanelDataSource;
}

describe('the headline, the tunnel map and the portal counts count the same people', () => {
  it('agree per bore with a silent tag, a tag gone out at the portal, a long-silent one and one in SOS', async () => {
    const telemetry = new TelemetryImpl();
    await telemetry.ingest(beacon('A', 1000, 'LK', 120));
    await telemetry.ingest(beacon('B', 2000, 'LK', 800));
    await telemetry.ingest(beacon('SILENT', 120_000, 'LK', 1500)); // 2 min silent: counted, greyed
    await telemetry.ingest(beacon('OUT', 90_000, 'LK', 4)); // silent at the portal: walked out
    await telemetry.ingest(beacon('DOCKED', 600_000, 'LK', 900)); // 10 min silent: not underground
    await telemetry.ingest(beacon('SOS', 900_000, 'LK', 2100, true)); // 15 min silent, SOS untreated
    await telemetry.ingest(beacon('R1', 500, 'RK', 300));
    const sos = makeAlarm({ alarmId: 9, kind: 'sos', deviceKind: 'beacon', deviceSn: 'SOS', deviceName: 'Wearer SOS', metric: 'sos', value: null, threshold: null, side: null, level: 'alarm', lastSeenMs: NOW - 900_000, dealStatus: 0 });
    const devices = [device('A', 'LK', 120), device('SOS', 'LK', 2100), { ...device('DOCKED', 'LK', 900), status: 'offline' as const }];
    // panels are drawn inside the app's router (the vehicles on the map ask for the project of the page)
    const panels = (
      <PanelDataProvider source={source(telemetry, devices, [sos])}>
        <HeadlinePanel panelId="h" config={{ figures: ['people'] }} width={1880} height={130} />
        <TunnelPersonnelPanel panelId="m" config={{ binM: 20, staleMs: 30_000, supplyPoints: true }} width={1880} height={430} />
        <PortalCountsPanel panelId="p" config={{ showUnderground: true, crossings: 5 }} width={720} height={360} />
      </PanelDataProvider>
    );
    const router = createMemoryRouter([{ path: '*', element: panels }], { initialEntries: ['/'] });
    const root = testRoot();
    runInAction(() => (root.session.user = USER));
    const view = await renderWithApp(<RouterProvider router={router} />, root);
    const summary = () => view.container.querySelector('[data-summary="personnel"]')?.textContent ?? '';
    const headline = (tunnelId: string) => view.container.querySelector(`[data-headline="people"][data-tunnel-id="${tunnelId}"]`)?.getAttribute('data-count');
    await waitFor(() => expect(summary()).toContain('Left bore: 4 people'), { timeout: 5000 });
    await waitFor(() => expect(headline('LK')).toBe('4'), { timeout: 5000 }); // A, B, SILENT and SOS
    expect(summary()).toContain('Right bore: 1 people');
    expect(headline('RK')).toBe('1');
    const portalPanel = (tunnelId: string) => view.container.querySelector(`[data-portal-counts-panel] [data-bore="${tunnelId}"] [data-underground]`)?.textContent;
    await waitFor(() => expect([portalPanel('LK'), portalPanel('RK')]).toEqual(['4', '1']), { timeout: 5000 });
    // the person in SOS is named on the map at their last fix, with its time
    expect(summary()).toMatch(/SOS: Wearer SOS · last fix \d\d:\d\d:\d\d \(K2\+100/);
  });
});
