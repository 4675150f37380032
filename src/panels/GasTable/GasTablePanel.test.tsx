import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { subjectFeeds } from '../../test/fakeFeeds';
import { createInProcessTelemetry } from '../../test/render';
import { makeCraneDevice, makeGasDevice, T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { STATUS_COLOR } from '../../theme/status';
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
  it('lists every gas station (not other devices) with position and a coloured status', async () => {
    await setup();
    expect([...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-sn'))).toEqual(['GAS-LK-E-F', 'GAS-LK-E-L', 'GAS-RK-E-P', 'GAS-X']);
    expect(within(row('GAS-LK-E-F')).getByText('Left bore, entry heading, working face')).toBeTruthy();
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

  it('sticks its header cells with an opaque background over separate borders (rows showed above the header)', async () => {
    await setup();
    const table = document.querySelector('table') as HTMLElement;
    expect(table.style.borderCollapse).toBe('separate');
    for (const th of document.querySelectorAll('th')) {
      expect((th as HTMLElement).style.position).toBe('sticky');
      expect((th as HTMLElement).style.background).not.toBe('');
    }
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

describe('GasTablePanel with hundreds of stations', () => {
  it('renders only the rows in view (and two either side) and keeps the scroll height of all of them', async () => {
    const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-scroll') ? 180 : 0;
      },
    });
    try {
      const root = testRoot();
      root.devices.replaceAll(Array.from({ length: 300 }, (_, i) => makeGasDevice({ sn: `GAS-${i}`, name: `Station ${i}`, status: 'online', latest: { CO: i } })));
      await renderWithApp(<GasTablePanel panelId="t" config={gasTableConfigSchema.parse({ scrollIntervalS: 0 })} width={900} height={240} />, root);
      const rows = () => [...document.querySelectorAll('tbody tr[data-sn]')].map((r) => r.getAttribute('data-sn'));
      const spacers = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-spacer]')].map((r) => Number.parseFloat(r.style.height));
      expect(rows()).toEqual(['GAS-0', 'GAS-1', 'GAS-2', 'GAS-3', 'GAS-4']);
      expect(spacers()).toEqual([295 * 60]);

      const box = document.querySelector('[data-scroll]') as HTMLElement;
      await act(async () => {
        box.scrollTop = 100 * 60;
        box.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      });
      expect(rows()[0]).toBe('GAS-97');
      expect(rows()).toContain('GAS-101');
      expect(rows().length).toBeLessThan(10);
      const [above, below] = spacers();
      expect(above + below + rows().length * 60).toBe(300 * 60);
    } finally {
      if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    }
  });
});
