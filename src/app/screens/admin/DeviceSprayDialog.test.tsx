import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SprayState } from '../../../../protocol';
import { renderWithApp, testRoot } from '../../../test/render';
import { MonitorSpraysDialog } from './DeviceSprayDialog';

const cannon = (sn: string, name: string, linkage: SprayState['linkage']): SprayState => ({ sn, name, online: true, linkage, mode: 'auto', spraying: false, reportedAtMs: null, lastCommand: null });

describe("a particulate monitor's fog cannons in the device registry", () => {
  it('lists the cannons it drives first with their limit and hold time, and opens a cannon\'s linkage', async () => {
    const sprays = [
      cannon('FOG-2', 'Exit fog cannon', { stationSn: 'ENV-EXIT', metric: 'tsp', onAbove: 0.7, holdS: 300 }),
      cannon('FOG-3', 'Yard fog cannon', null),
      cannon('FOG-1', 'Entry fog cannon', { stationSn: 'ENV-ENTRY', metric: 'pm10', onAbove: 150, holdS: 600 }),
    ];
    const edited: string[] = [];
    await renderWithApp(<MonitorSpraysDialog monitor={{ sn: 'ENV-ENTRY', name: 'Entry monitor' }} sprays={sprays} onEdit={(sn) => edited.push(sn)} onClose={() => undefined} />, testRoot());
    expect(await screen.findByText("This monitor drives 1 of the project's 3 fog cannons.")).toBeTruthy();
    const rows = [...document.querySelectorAll('[data-drives]')].map((e) => [e.textContent, e.getAttribute('data-drives')]);
    expect(rows).toEqual([
      ['Entry fog cannon (FOG-1)', 'yes'],
      ['Exit fog cannon (FOG-2)', 'no'],
      ['Yard fog cannon (FOG-3)', 'no'],
    ]);
    const entry = document.querySelector('[data-drives="yes"]')!.closest('tr')!;
    expect([...entry.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent)).toEqual(['ENV-ENTRY', 'PM10 150 µg/m³', '10']);
    expect(document.querySelectorAll('tr')[3]!.textContent).toContain('Not linked');
    fireEvent.click(screen.getByRole('button', { name: 'Linkage of Exit fog cannon' }));
    expect(edited).toEqual(['FOG-2']);
  });
});
