import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { showEnvironmentPanel, weekOf } from '../../test/environmentSource';
import { NoiseDayNightPanel } from './NoiseDayNightPanel';

describe('noise by day and night panel', () => {
  it('draws the days against 70 and the nights against 55 dB(A), counting those over', async () => {
    const week = weekOf('ENV-1', [{ noiseNightLeq: 58.3 }, {}, { noiseDayLeq: 71.2, noiseNightLeq: 56 }, { noiseDayLeq: null }]);
    await showEnvironmentPanel(<NoiseDayNightPanel panelId="n" config={{ sn: 'ENV-1' }} width={900} height={420} />, 'live', { daily: async () => week, trend: () => Promise.reject(new Error('not asked')) });
    await screen.findByText('Monitor ENV-1');
    expect(screen.getByText('Over the limit: 1 days, 2 nights')).toBeTruthy();
    const [day, night] = [...document.querySelectorAll('[data-daily-bars]')];
    expect(day.querySelector('[data-limit]')?.getAttribute('data-limit')).toBe('70');
    expect(night.querySelector('[data-limit]')?.getAttribute('data-limit')).toBe('55');
    expect([...night.querySelectorAll('[data-over="true"]')].map((g) => g.getAttribute('data-day'))).toEqual(['2026-11-20', '2026-11-22']);
    expect(day.querySelector('[data-day="2026-11-22"]')?.textContent).toContain('71.2');
    expect(day.querySelector('[data-day="2026-11-23"]')?.textContent).toContain('—');
  });
});
