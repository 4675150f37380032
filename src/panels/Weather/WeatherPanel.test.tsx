import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeEnvironmentDevice } from '../../test/builders';
import { showEnvironmentPanel } from '../../test/environmentSource';
import { WeatherPanel } from './WeatherPanel';

describe('weather panel', () => {
  it("shows the station's temperature, humidity, pressure, rainfall and wind, the arrow blowing from where the wind comes", async () => {
    const station = makeEnvironmentDevice({ sn: 'ENV-1', latest: { temperature: 12.4, humidity: 71, pressure: 101.3, pressureFlag: 5, windSpeed: 3.6, windDirection: 315, rainfallMm: 2.5 } });
    await showEnvironmentPanel(<WeatherPanel panelId="w" config={{}} width={620} height={330} />, 'live', undefined, [station]);
    await screen.findByText('From NW (315°)');
    const reading = (k: string) => document.querySelector(`[data-reading="${k}"]`) as HTMLElement;
    expect(reading('temperature').textContent).toContain('12.4℃');
    expect(reading('humidity').textContent).toContain('71%');
    expect(reading('windSpeed').textContent).toContain('3.6m/s');
    expect(reading('rainfallMm').textContent).toContain('Rainfall');
    expect(reading('rainfallMm').textContent).toContain('2.5mm');
    // a flagged reading (C: calibrating) says so
    expect(reading('pressure').dataset.flag).toBe('C');
    expect(document.querySelector('[data-wind-to]')?.getAttribute('data-wind-to')).toBe('135');
    expect(screen.getByRole('img', { name: 'Wind from NW (315°)' })).toBeTruthy();
  });

  it('says when the project has no environment monitor', async () => {
    await showEnvironmentPanel(<WeatherPanel panelId="w" config={{}} width={620} height={330} />, 'live', undefined, []);
    await screen.findByText('No environment monitors');
  });
});
