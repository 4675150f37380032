import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { makeCraneDevice, T0 } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { LEVEL_COLOR } from '../../theme/status';
import { TowerCranePanel } from './TowerCranePanel';

const metric = (m: string) => document.querySelector(`[data-metric="${m}"]`) as HTMLElement;

describe('TowerCranePanel', () => {
  it('shows moment, load, radius, height, wind, tilt and rotation with units and the status', async () => {
    const root = testRoot();
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    await renderWithApp(<TowerCranePanel panelId="c" config={{ sn: 'TC-01' }} width={440} height={240} />, root);
    expect(screen.getByText('Tower crane 1 (entry yard)')).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(metric('momentPct').textContent).toContain('62.4%');
    expect(metric('loadT').textContent).toBe('Load3.2t');
    expect(metric('radiusM').textContent).toBe('Radius38.5m');
    expect(metric('heightM').textContent).toBe('Height41.2m');
    expect(metric('windSpeedMps').textContent).toBe('Wind6.3m/s');
    expect(metric('tiltDeg').textContent).toBe('Tilt0.05°');
    expect(metric('rotationDeg').textContent).toBe('Rotation123°');
    expect(screen.getByText('Updated 10:00:00')).toBeTruthy();
  });

  it('colours readings over their limits and follows live updates', async () => {
    const root = testRoot({ deviceFlushMs: 0 });
    root.devices.replaceAll([makeCraneDevice({ sn: 'TC-01' })]);
    await renderWithApp(<TowerCranePanel panelId="c" config={{ sn: 'TC-01' }} width={440} height={240} />, root);
    await act(async () => {
      root.devices.applyTelemetry({
        projectId: 'demo-tunnel',
        topic: 'towerCrane',
        items: [{ sn: 'TC-01', ts: T0 + 2000, radiusM: 40, rotationDeg: 90, heightM: 41, momentPct: 101.3, loadT: 4.8, tiltDeg: 0.18, windSpeedMps: 14.1 }],
      });
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(metric('momentPct').textContent).toContain('101.3%');
    const color = (m: string) => (metric(m).querySelector('dd > span, span') as HTMLElement).style.color;
    const rgb = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
    };
    expect(color('momentPct')).toBe(rgb(LEVEL_COLOR.alarm));
    expect(color('windSpeedMps')).toBe(rgb(LEVEL_COLOR.alarm));
    expect(color('tiltDeg')).toBe(rgb(LEVEL_COLOR.warning));
    expect(color('loadT')).toBe('');
  });

  it('says so when the crane is not in the project', async () => {
    const root = testRoot();
    root.devices.replaceAll([]);
    await renderWithApp(<TowerCranePanel panelId="c" config={{ sn: 'TC-09' }} width={440} height={240} />, root);
    expect(screen.getByText('Device TC-09 is not in this project')).toBeTruthy();
  });
});
