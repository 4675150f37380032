import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SprayState } from '../../../protocol';
import { ENV_AT, showEnvironmentPanel } from '../../test/environmentSource';
import { SprayStatePanel } from './SprayStatePanel';

const cannon = (sn: string, over: Partial<SprayState>): SprayState => ({
  sn,
  name: `Fog cannon ${sn}`,
  online: true,
  linkage: { stationSn: 'ENV-1', metric: 'pm10', onAbove: 150, holdS: 600 },
  mode: 'auto',
  spraying: false,
  reportedAtMs: ENV_AT,
  lastCommand: null,
  ...over,
});

const CANNONS = [
  cannon('FOG-1', { spraying: true, lastCommand: { commandId: 'c1', action: 'on', source: 'auto', by: 'linkage', sentAtMs: ENV_AT - 60_000, attempts: 1, result: 'acked', answeredAtMs: ENV_AT - 58_000 } }),
  cannon('FOG-2', { mode: 'manual', linkage: null, lastCommand: { commandId: 'c2', action: 'off', source: 'manual', by: 'admin', sentAtMs: ENV_AT, attempts: 3, result: 'unacknowledged', answeredAtMs: null } }),
  cannon('FOG-3', { online: false, spraying: null }),
];

const panel = <SprayStatePanel panelId="s" config={{}} width={900} height={360} />;
const noTrend = { daily: () => Promise.reject(new Error('not asked')), trend: () => Promise.reject(new Error('not asked')) };

describe('spray state panel', () => {
  it('shows each fog cannon: spraying or not, mode, linkage and the last command with its answer', async () => {
    await showEnvironmentPanel(panel, 'live', { ...noTrend, spray: async () => CANNONS });
    await screen.findByText('Fog cannon FOG-1');
    const row = (sn: string) => document.querySelector(`[data-cannon="${sn}"]`) as HTMLElement;
    expect(row('FOG-1').querySelector('[data-state]')?.textContent).toBe('spraying');
    expect(row('FOG-1').textContent).toContain('ENV-1 · PM10 > 150');
    expect(row('FOG-1').querySelector('[data-last-command]')?.textContent).toMatch(/^on · by the linkage · \d\d:\d\d · acknowledged$/);
    expect(row('FOG-2').querySelector('[data-mode]')?.textContent).toBe('manual');
    expect(row('FOG-2').textContent).toContain('not linked');
    expect(row('FOG-2').querySelector('[data-last-command]')?.textContent).toContain('off · admin');
    expect(row('FOG-2').querySelector('[data-last-command]')?.textContent).toContain('no answer');
    expect(row('FOG-3').querySelector('[data-state]')?.textContent).toBe('offline');
  });

  it('says the state is live only in replay', async () => {
    await showEnvironmentPanel(panel, 'replay', noTrend);
    await screen.findByText("The fog cannons' state is shown live only");
  });
});
