import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { subjectFeeds } from '../../test/fakeFeeds';
import { createInProcessTelemetry } from '../../test/render';
import { makeCraneDevice, makeGasDevice, T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { STATUS_COLOR } from '../../theme/status';
import { tablePages } from '../../components';
import { GasTablePanel } from './GasTablePanel';
import { gasTableConfigSchema } from './index';

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function setup(config: Record<string, unknown> = {}) {
  const root = testRoot();
  root.devices.replaceAll([
    makeGasDevice({ sn: 'GAS-LK-E-F', name: 'LK-E face', status: 'alarm', latest: { CO: 31.57, O2: 20.9, CH4: 0.02, NO2: 2.0, dust: 1.1 } }),
    makeGasDevice({ sn: 'GAS-LK-E-L', name: 'LK-E lining carriage', status: 'warning', latest: { CO: 3, O2: 19.8, CH4: 0, NO2: 0.1, dust: 3.4 } }),
    makeGasDevice({ sn: 'GAS-RK-E-P', name: 'RK-E portal', tunnelId: 'RK', status: 'offline', lastSeenMs: T0 - 3_600_000, latest: { CO: 1, O2: 20.9 } }),
    makeGasDevice({ sn: 'GAS-X', name: 'New station', status: 'unknown', lastSeenMs: null, latest: null }),
    makeCraneDevice({ sn: 'TC-01' }),
  ]);
  await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse(config)} width={900} height={240} />, root);
  return root;
}

const row = (sn: string) => document.querySelector(`tr[data-sn="${sn}"]`) as HTMLElement;
const cell = (sn: string, gas: string) => row(sn).querySelector(`td[data-gas="${gas}"]`) as HTMLElement;

describe('GasTablePanel', () => {
  it('lists every gas station (not other devices) by name, its position as the tooltip, with a coloured status', async () => {
    await setup();
    expect([...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-sn'))).toEqual(['GAS-LK-E-F', 'GAS-LK-E-L', 'GAS-RK-E-P', 'GAS-X']);
    expect(within(row('GAS-LK-E-F')).getByText('LK-E face').getAttribute('title')).toBe('Left bore, entry heading, working face');
    const badge = (sn: string) => row(sn).querySelector('[data-status]') as HTMLElement;
    expect(badge('GAS-LK-E-F').textContent).toBe('Alarm');
    expect(badge('GAS-LK-E-F').style.color).toBe(rgb(STATUS_COLOR.alarm));
    expect(badge('GAS-LK-E-L').textContent).toBe('Warning');
    expect(badge('GAS-LK-E-L').style.color).toBe(rgb(STATUS_COLOR.warning));
    expect(badge('GAS-RK-E-P').textContent).toBe('Offline');
    expect(badge('GAS-RK-E-P').style.color).toBe(rgb(STATUS_COLOR.offline));
    expect(badge('GAS-X').textContent).toBe('Unknown');
  });

  it('shows latest values with units in the header, cut to the metric decimals, and marks over-limit cells', async () => {
    await setup();
    expect(screen.getByRole('columnheader', { name: 'CO ppm' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'O₂ %vol' })).toBeTruthy();
    // the translated label, never the raw key "dust"
    expect(screen.getByRole('columnheader', { name: 'Dust mg/m³' })).toBeTruthy();
    expect(cell('GAS-LK-E-F', 'CO').textContent).toBe('31.5');
    expect(cell('GAS-LK-E-F', 'CO').dataset.level).toBe('alarm'); // ≥ 24 ppm
    expect(cell('GAS-LK-E-F', 'NO2').dataset.level).toBe('warning'); // ≥ 1.9 ppm
    expect(cell('GAS-LK-E-F', 'O2').dataset.level).toBe('normal');
    expect(cell('GAS-LK-E-L', 'O2').dataset.level).toBe('warning'); // ≤ 20.0 %vol
    expect(cell('GAS-LK-E-L', 'CH4').textContent).toBe('0.00');
    expect(cell('GAS-RK-E-P', 'H2S').textContent).toBe('—'); // not measured there
  });

  it('writes every cell of a metric with the same decimals (3 ppm beside 31.57 ppm was "3" beside "31.57")', async () => {
    await setup();
    const co = ['GAS-LK-E-F', 'GAS-LK-E-L', 'GAS-RK-E-P'].map((sn) => cell(sn, 'CO').textContent);
    expect(co).toEqual(['31.5', '3.0', '1.0']);
    const o2 = ['GAS-LK-E-F', 'GAS-LK-E-L', 'GAS-RK-E-P'].map((sn) => cell(sn, 'O2').textContent);
    expect(o2).toEqual(['20.90', '19.80', '20.90']);
  });

  it('pins stations in alarm to the top, then warnings, keeping the list order within each', async () => {
    const root = testRoot();
    root.devices.replaceAll([
      makeGasDevice({ sn: 'A', status: 'online' }),
      makeGasDevice({ sn: 'B', status: 'warning' }),
      makeGasDevice({ sn: 'C', status: 'online' }),
      makeGasDevice({ sn: 'D', status: 'alarm' }),
    ]);
    await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({})} width={900} height={240} />, root);
    expect([...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-sn'))).toEqual(['D', 'B', 'A', 'C']);
  });

  it('shows last seen in Beijing time, with the date when it is not today', async () => {
    await setup();
    expect(within(row('GAS-LK-E-F')).getByText('05-12 10:00')).toBeTruthy();
    expect(within(row('GAS-RK-E-P')).getByText('05-12 09:00')).toBeTruthy();
  });

  it('says so when the server refuses its live topic, instead of going silently stale', async () => {
    const feeds = subjectFeeds();
    const root = testRoot({ createFeeds: feeds.factory, createTelemetry: createInProcessTelemetry });
    root.devices.replaceAll([makeGasDevice({ sn: 'GAS-LK-E-F', name: 'LK-E face', latest: { CO: 3 } })]);
    root.live.start('demo-tunnel');
    await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({})} width={900} height={240} />, root);
    expect(feeds.telemetryObserved('gas')).toBe(true);
    act(() => feeds.refuseTelemetry('gas', 'FORBIDDEN: not a member of project demo-tunnel'));
    expect(screen.getByText('Live data refused by the server: FORBIDDEN: not a member of project demo-tunnel')).toBeTruthy();
    root.live.stop();
  });

  it('limits the table to one tunnel when configured', async () => {
    await setup({ tunnelId: 'RK', gases: ['CO'] });
    expect([...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-sn'))).toEqual(['GAS-RK-E-P']);
    expect(screen.queryByRole('columnheader', { name: 'O2 %vol' })).toBeNull();
  });
});

describe('tablePages', () => {
  it('is one page while every row fits, else as many rows as fit above the page indicator', () => {
    expect(tablePages(5, 0, 5, 4)).toEqual({ perPage: 5, pages: 1, rotating: 1 });
    expect(tablePages(6, 0, 5, 4)).toEqual({ perPage: 4, pages: 2, rotating: 2 });
    expect(tablePages(300, 0, 3, 2)).toEqual({ perPage: 2, pages: 150, rotating: 150 });
    // a panel too small for one row still shows one (cut) rather than none
    expect(tablePages(3, 0, 0, 0)).toEqual({ perPage: 1, pages: 3, rotating: 3 });
  });

  it('turns only through the pages that hold stations in alarm while any is', () => {
    expect(tablePages(12, 1, 5, 4)).toMatchObject({ pages: 3, rotating: 1 });
    expect(tablePages(12, 6, 5, 4)).toMatchObject({ pages: 3, rotating: 2 });
  });
});

describe('GasTablePanel with more stations than fit', () => {
  /** jsdom has no layout: the panel box is 240 px high and its header row 40 px (rows are 60 px). */
  function withLayout<T>(run: () => Promise<T>): Promise<T> {
    const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-pages') ? 240 : this.tagName === 'THEAD' ? 40 : 0;
      },
    });
    return run().finally(() => {
      if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    });
  }
  const rows = () => [...document.querySelectorAll('tbody tr[data-sn]')].map((r) => r.getAttribute('data-sn'));

  it('shows only whole rows, says which page of how many, and turns the pages', async () => {
    await withLayout(async () => {
      const root = testRoot();
      root.devices.replaceAll(Array.from({ length: 5 }, (_, i) => makeGasDevice({ sn: `GAS-${i}`, name: `Station ${i}`, status: 'online', latest: { CO: i } })));
      await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({ scrollIntervalS: 0.05 })} width={900} height={240} />, root);
      // 200 px under the header: 3 rows of 60 px, 2 above the 30 px indicator
      expect(rows()).toEqual(['GAS-0', 'GAS-1']);
      expect(screen.getByRole('status', { name: 'Page 1 of 3' }).textContent).toContain('1 / 3');
      await screen.findByRole('status', { name: 'Page 2 of 3' });
      expect(rows()).toEqual(['GAS-2', 'GAS-3']);
      await screen.findByRole('status', { name: 'Page 3 of 3' });
      expect(rows()).toEqual(['GAS-4']);
      await screen.findByRole('status', { name: 'Page 1 of 3' });
    });
  });

  it('pages once its stations arrive after a first render without any (the table mounts later than the panel)', async () => {
    await withLayout(async () => {
      const root = testRoot();
      await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({ scrollIntervalS: 0 })} width={900} height={240} />, root);
      expect(screen.getByText('No gas stations')).toBeTruthy();
      act(() => root.devices.replaceAll(Array.from({ length: 5 }, (_, i) => makeGasDevice({ sn: `GAS-${i}`, name: `Station ${i}`, status: 'online', latest: { CO: i } }))));
      expect(rows()).toEqual(['GAS-0', 'GAS-1']);
      expect(screen.getByRole('status', { name: 'Page 1 of 3' })).toBeTruthy();
    });
  });

  it('holds the page of the station in alarm, and shows three stations without an indicator when three fit', async () => {
    await withLayout(async () => {
      const root = testRoot();
      root.devices.replaceAll(Array.from({ length: 5 }, (_, i) => makeGasDevice({ sn: `GAS-${i}`, name: `Station ${i}`, status: i === 3 ? 'alarm' : 'online', latest: { CO: i } })));
      await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({ scrollIntervalS: 0.05 })} width={900} height={240} />, root);
      expect(rows()).toEqual(['GAS-3', 'GAS-0']);
      await new Promise((r) => setTimeout(r, 200));
      expect(rows()).toEqual(['GAS-3', 'GAS-0']);
      act(() => root.devices.replaceAll(Array.from({ length: 3 }, (_, i) => makeGasDevice({ sn: `GAS-${i}`, name: `Station ${i}`, status: 'online', latest: { CO: i } }))));
      expect(rows()).toEqual(['GAS-0', 'GAS-1', 'GAS-2']);
      expect(screen.queryByRole('status')).toBeNull();
    });
  });
});
