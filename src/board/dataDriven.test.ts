import { describe, expect, it } from 'vitest';
import { boardSchema } from '../../protocol';
import { makeCraneDevice, makeGasDevice } from '../test/builders';
import { dataDrivenBoard, faceStations } from './dataDriven';

const pageName = (n: number) => `Page ${n}`;

describe('dataDrivenBoard', () => {
  it('makes a panel per device kind present and a trend per face station', () => {
    const devices = [
      makeGasDevice({ sn: 'GAS-F', name: 'LK-E face', position: 'Left bore, working face' }),
      makeGasDevice({ sn: 'GAS-P', name: 'LK-E portal', position: 'Left bore, portal' }),
      makeCraneDevice({ sn: 'TC-01' }),
      { ...makeCraneDevice({ sn: 'ENV-1' }), kind: 'environment' as const, latest: null, thresholds: [] },
      { ...makeCraneDevice({ sn: 'ENV-2' }), kind: 'environment' as const, latest: null, thresholds: [] },
    ];
    const board = dataDrivenBoard('demo-tunnel', devices, 'Data', pageName);
    expect(boardSchema.safeParse(board).success).toBe(true);
    const panels = board.pages.flatMap((p) => p.panels);
    expect(panels.map((p) => [p.type, p.config.sn])).toEqual([
      ['gasTable', undefined],
      ['alarmFeed', undefined],
      ['towerCrane', 'TC-01'],
      ['environmentNow', 'ENV-1'],
      ['gasTrend', 'GAS-F'],
    ]);
  });

  it('adds the personnel map for beacons and keeps every panel inside its page', () => {
    const devices = [
      makeGasDevice({ sn: 'G1', name: 'a face' }),
      makeGasDevice({ sn: 'G2', name: 'b face' }),
      makeGasDevice({ sn: 'G3', name: 'c face' }),
      { ...makeGasDevice({ sn: 'B1' }), kind: 'beacon' as const },
      makeCraneDevice({ sn: 'TC-01' }),
      makeCraneDevice({ sn: 'TC-02' }),
    ];
    const board = dataDrivenBoard('p', devices, 'Data', pageName);
    expect(board.pages[0].panels[0].type).toBe('tunnelPersonnel');
    expect(board.pages.length).toBe(2);
    expect(board.pages[1].name).toBe('Page 2');
    for (const p of board.pages.flatMap((pg) => pg.panels)) {
      expect(p.x + p.w).toBeLessThanOrEqual(1920);
      expect(p.y + p.h).toBeLessThanOrEqual(1080);
    }
  });

  it('fills every page: rows reach the bottom, panels the right edge; the gas table is tall enough for its stations; no lone last page', () => {
    const gas = Array.from({ length: 12 }, (_, i) => makeGasDevice({ sn: `G${i}`, name: `S${i}${i % 3 === 0 ? ' face' : ''}` }));
    const devices = [...gas, { ...makeGasDevice({ sn: 'B1' }), kind: 'beacon' as const }, makeCraneDevice({ sn: 'TC-01' }), makeCraneDevice({ sn: 'TC-02' })];
    const board = dataDrivenBoard('p', devices, 'Data', pageName);
    expect(boardSchema.safeParse(board).success).toBe(true);
    for (const page of board.pages) {
      const bottom = Math.max(...page.panels.map((p) => p.y + p.h));
      expect(1080 - 20 - bottom).toBeLessThan(4); // the last row ends at the bottom margin (rounding aside)
      const rows = new Map<number, number>();
      for (const p of page.panels) rows.set(p.y, Math.max(rows.get(p.y) ?? 0, p.x + p.w));
      for (const right of rows.values()) expect(1920 - 20 - right).toBeLessThan(4);
      expect(page.panels.length).toBeGreaterThan(1);
    }
    const table = board.pages.flatMap((p) => p.panels).find((p) => p.type === 'gasTable')!;
    expect(table.h).toBeGreaterThanOrEqual((12 + 3) * 40);
  });

  it('shows only an alarm feed for a project without devices', () => {
    const board = dataDrivenBoard('p', [], 'Data', pageName);
    expect(board.pages.flatMap((p) => p.panels.map((x) => x.type))).toEqual(['alarmFeed']);
  });
});

describe('faceStations', () => {
  it('falls back to every gas station when none is named a face', () => {
    const gas = [makeGasDevice({ sn: 'A', name: 'x', position: 'y' }), makeGasDevice({ sn: 'B', name: 'z', position: 'w' })];
    expect(faceStations(gas).map((d) => d.sn)).toEqual(['A', 'B']);
  });
});
