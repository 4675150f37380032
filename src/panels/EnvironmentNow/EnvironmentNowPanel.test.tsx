import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DeviceInfo } from '../../../protocol';
import { makeEnvironmentDevice, makeGasDevice } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { LEVEL_COLOR } from '../../theme/status';
import { EnvironmentNowPanel } from './EnvironmentNowPanel';
import { environmentNowConfigSchema } from './index';

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const monitor = (sn: string, latest: Record<string, number> | null): DeviceInfo => makeEnvironmentDevice({ sn, latest });

async function setup(config: Record<string, unknown>, devices: DeviceInfo[]) {
  const root = testRoot();
  root.devices.replaceAll(devices);
  await renderWithApp(<EnvironmentNowPanel panelId="e" config={environmentNowConfigSchema.parse(config)} width={620} height={420} />, root);
}

const tile = (key: string) => document.querySelector(`[data-reading="${key}"]`) as HTMLElement;

describe('EnvironmentNowPanel', () => {
  const latest = { pm25: 120, pm25Flag: 0, pm10: 160, pm10Flag: 5, tsp: 0.31, noise: 58.2, temperature: 21.5, humidity: 63, windSpeed: 2.4, windDirection: 225 };

  it('shows the configured monitor, its readings with units, PM2.5 over its alarm limit in the alarm colour', async () => {
    await setup({ sn: 'ENV-2' }, [makeGasDevice({ sn: 'GAS-1' }), monitor('ENV-1', null), monitor('ENV-2', latest)]);
    expect(screen.getByText('Monitor ENV-2')).toBeTruthy();
    expect(tile('pm25').textContent).toContain('PM2.5');
    expect(tile('pm25').textContent).toContain('120µg/m³');
    expect(tile('pm25').dataset.level).toBe('alarm');
    expect((tile('pm25').querySelector('[data-value-size]') as HTMLElement).style.color).toBe(rgb(LEVEL_COLOR.alarm));
    expect(tile('tsp').textContent).toContain('0.31mg/m³');
    expect(tile('humidity').textContent).toContain('63%');
  });

  it('shows a flagged reading with its flag and no limit colour (the rules do not judge it)', async () => {
    await setup({ sn: 'ENV-2' }, [monitor('ENV-2', latest)]);
    expect(tile('pm10').dataset.flag).toBe('C');
    expect(tile('pm10').dataset.level).toBe('normal');
    expect(tile('pm10').textContent).toContain('Flag C: calibrating');
  });

  it('shows the noise limit in force and where the wind comes from', async () => {
    await setup({}, [monitor('ENV-2', latest)]);
    expect(tile('noise').textContent).toMatch(/(Day limit 70|Night limit 55) dB\(A\)/);
    expect(tile('wind').textContent).toContain('2.4m/s');
    expect(tile('wind').textContent).toContain('From SW (225°)');
    expect(tile('wind').querySelector('svg')?.getAttribute('data-wind-to')).toBe('45');
  });

  it('says when the project has no environment monitor', async () => {
    await setup({}, [makeGasDevice({ sn: 'GAS-1' })]);
    expect(screen.getByText('No environment monitors')).toBeTruthy();
  });

  it('shows a dash for a monitor not heard yet', async () => {
    await setup({}, [monitor('ENV-1', null)]);
    expect(tile('pm25').textContent).toContain('—');
    expect(tile('wind').textContent).toContain('—');
  });
});

describe('EnvironmentNowPanel in a small panel', () => {
  it('keeps label and value in each tile and names a flag and the noise limit in the label', async () => {
    const root = testRoot();
    root.devices.replaceAll([monitor('ENV-2', { pm25: 20, pm10: 160, pm10Flag: 5, noise: 58.2, noiseFlag: 0, windSpeed: 2.4, windDirection: 225 })]);
    await renderWithApp(<EnvironmentNowPanel panelId="e" config={environmentNowConfigSchema.parse({})} width={600} height={240} />, root);
    expect(tile('pm10').textContent).toBe('PM10 · C160µg/m³');
    expect(tile('noise').textContent).toMatch(/^Noise · (day 70|night 55)58\.2dB\(A\)$/);
    expect(tile('wind').textContent).toBe('Wind speed · SW2.4m/s');
  });
});
