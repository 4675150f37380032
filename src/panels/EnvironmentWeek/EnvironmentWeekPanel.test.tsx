import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { EnvironmentSource } from '../../panelData';
import { ENV_AT, showEnvironmentPanel, weekOf } from '../../test/environmentSource';
import { EnvironmentWeekPanel } from './EnvironmentWeekPanel';

const panel = <EnvironmentWeekPanel panelId="w" config={{}} width={900} height={520} />;

function source(calls: Array<[number, number | null]>): EnvironmentSource {
  return {
    daily: async (_p, days, atMs) => {
      calls.push([days, atMs]);
      return weekOf('ENV-1', [{}, { pm10: 171, compliant: false }, {}, { pm10: null, pm25: null, tsp: null, compliant: null }]);
    },
    trend: () => Promise.reject(new Error('not asked')),
  };
}

describe('seven days panel', () => {
  it('heads with the compliant days of the judged ones and draws a bar per day and particulate, a day over its limit in red', async () => {
    const calls: Array<[number, number | null]> = [];
    await showEnvironmentPanel(panel, 'live', source(calls));
    await screen.findByText('Monitor ENV-1');
    expect(document.querySelector('[data-compliant-days]')?.textContent).toBe('5 / 6');
    const rows = [...document.querySelectorAll('[data-daily-bars]')];
    expect(rows.map((r) => r.getAttribute('data-daily-bars'))).toEqual(['PM10 µg/m³ · limit 150', 'PM2.5 µg/m³ · limit 75', 'TSP mg/m³ · limit 0.7']);
    expect(rows[0].querySelectorAll('[data-day]')).toHaveLength(7);
    expect(rows[0].querySelector('[data-day="2026-11-21"]')?.getAttribute('data-over')).toBe('true');
    expect(rows[0].querySelector('[data-day="2026-11-20"]')?.getAttribute('data-over')).toBe('false');
    // a day with too few readings shows a dash, no bar
    expect(rows[0].querySelector('[data-day="2026-11-23"] rect')).toBeNull();
    expect(rows[0].querySelector('[data-day="2026-11-23"]')?.textContent).toContain('—');
    // live: the server's now
    expect(calls[0]).toEqual([7, null]);
  });

  it('asks as of the replayed hour in replay', async () => {
    const calls: Array<[number, number | null]> = [];
    await showEnvironmentPanel(panel, 'replay', source(calls));
    await screen.findByText('Monitor ENV-1');
    expect(calls[0]).toEqual([7, Math.floor(ENV_AT / 3_600_000) * 3_600_000]);
  });

  it('says so when the figures cannot be loaded', async () => {
    await showEnvironmentPanel(panel, 'live', { daily: () => Promise.reject(new Error('down')), trend: () => Promise.reject(new Error('down')) });
    await screen.findByText('The daily figures could not be loaded');
  });
});
