import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { DEMO_PROJECT } from '../../../../helpers/devices';
import { App } from '../../../../../src/app/App';
import { beijingHourLabel, lastHourStarts } from '../../../../../src/app/screens/ZoneHoursView';

const WAIT = { timeout: 8000 };
const real = useRealServer();
const demo = DEMO_PROJECT.projectId;

describe('ZoneHoursView on the zones screen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it("shows a portal's last 24 hours: the peak as a bar and number, the end headcount, in and out, – where nothing was stored", async () => {
    const db = real().server.db;
    const zone = await db.selectFrom('zones').select(['zone_id', 'name']).where('project_id', '=', demo).where('kind', '=', 'portal').orderBy('zone_id').executeTakeFirstOrThrow();
    const starts = lastHourStarts(Date.now());
    const row = { project_id: demo, zone_id: zone.zone_id };
    await db
      .insertInto('zone_hour_counts')
      .values([
        { ...row, hour_start_ms: starts[20], headcount: 5, max_headcount: 8, portal_in: 14, portal_out: 9 },
        { ...row, hour_start_ms: starts[22], headcount: 2, max_headcount: 4, portal_in: 3, portal_out: 6 },
        // before the 24 hours: not shown
        { ...row, hour_start_ms: starts[0] - 3_600_000, headcount: 77, max_headcount: 77, portal_in: 77, portal_out: 77 },
      ])
      .onConflict((oc) => oc.columns(['project_id', 'zone_id', 'hour_start_ms']).doNothing())
      .execute();

    await activateLocale('en');
    window.location.hash = `#/zones?proId=${demo}`;
    const api = real().client();
    const root = appRoot(api.fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);

    const zones = await screen.findByRole('table', { name: 'Zones' }, WAIT);
    const zoneRow = zones.querySelector(`[data-zone="${zone.zone_id}"]`) as HTMLElement;
    fireEvent.click(within(zoneRow).getByRole('button', { name: 'Last 24 hours' }));

    const view = await screen.findByRole('region', { name: `Last 24 hours of ${zone.name}` }, WAIT);
    const table = await within(view).findByRole('table', { name: 'People per hour' }, WAIT);
    const cellsOf = (header: string) => [...within(table).getByRole('rowheader', { name: header }).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    const peak = cellsOf('Peak people');
    expect(peak).toHaveLength(24);
    expect(peak[20]).toBe('8');
    expect(peak[22]).toBe('4');
    expect(peak[21]).toBe('–');
    expect(cellsOf("At the hour's end")[20]).toBe('5');
    expect(cellsOf('In')[20]).toBe('14');
    expect(cellsOf('Out')[22]).toBe('6');
    expect(view.textContent).not.toContain('77');
    expect(cellsOf('Hour')[20]).toBe(beijingHourLabel(starts[20]));
    // the bar of the busiest hour is the tallest, half the peak half as tall
    const bar = (i: number) => parseFloat(((table.querySelector(`[data-hour="${starts[i]}"]`) as HTMLElement).lastElementChild as HTMLElement).style.height);
    expect(bar(20)).toBeGreaterThan(0);
    expect(bar(22)).toBe(Math.round(bar(20) / 2));

    fireEvent.click(within(view).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: `Last 24 hours of ${zone.name}` })).toBeNull();
  });
});
