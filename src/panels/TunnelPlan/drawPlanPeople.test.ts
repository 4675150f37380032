import { describe, expect, it } from 'vitest';
import type { BoreAlignment, TunnelInfo } from '../../../protocol';
import type { PersonnelFrame } from '../../stores';
import { drawPlanPeople, placePeople, type PlanPeopleScene } from './drawPlanPeople';
import { planBores, screenAt } from './geometry';

type Event = { type: string; props: Record<string, unknown> };
type MockCtx = CanvasRenderingContext2D & { __getEvents(): Event[] };

const LK: TunnelInfo = { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 1_000, headings: [] };
/** LK runs north for 500 m, then east: a bend. */
const ALIGNMENT: BoreAlignment[] = [
  {
    tunnelId: 'LK',
    points: [
      { chainageM: 12_000, x: 0, y: 0 },
      { chainageM: 12_500, x: 0, y: 500 },
      { chainageM: 13_000, x: 500, y: 500 },
    ],
    crossPassages: [],
  },
];

function frame(): PersonnelFrame {
  const heat = new Uint16Array(50); // 20 m bins over 1000 m
  heat[5] = 1;
  heat[30] = 12;
  return {
    atMs: 0,
    tunnels: [
      {
        tunnelId: 'LK',
        sns: ['BC0001', 'BC0002', 'BC0003', 'BC0004'],
        chainageM: new Float64Array([100, 700, 700, 700]),
        sos: new Uint8Array([0, 0, 1, 0]),
        silent: new Uint8Array([0, 0, 0, 1]),
        heat,
      },
    ],
  };
}

function scene(f: PersonnelFrame | null): PlanPeopleScene {
  return { bores: planBores([LK], ALIGNMENT), view: { scale: 1, ox: 100, oy: 600 }, frame: f, binM: 20, bodyPx: 24, heatOffsetPx: 26, heatWidthPx: 8, dotColor: '#e5e7eb', sosPx: 16, nameOf: (sn) => (sn === 'BC0003' ? 'Li Fang' : sn) };
}

describe('the plan people layer', () => {
  it('places each person at their chainage on the alignment, before and after a bend', () => {
    const s = scene(frame());
    const at = placePeople(s, s.bores[0], frame().tunnels[0]);
    // 100 m up the northbound leg: x 100 + 0, y 600 − 100
    expect(at[0]).toMatchObject({ x: 100, y: 500 });
    // 200 m along the eastbound leg, y 600 − 500, people there spread across the bore, not past its edges
    for (const p of at.slice(1)) {
      expect(p.x).toBeCloseTo(300);
      expect(Math.abs(p.y - 100)).toBeLessThanOrEqual(12);
    }
    expect(new Set(at.slice(1).map((p) => p.y)).size).toBe(3);
  });

  it('draws every person, the heat bins on the outer side, the SOS wearer named, and counts them', () => {
    const ctx = document.createElement('canvas').getContext('2d') as MockCtx;
    const s = scene(frame());
    expect(drawPlanPeople(ctx, s)).toBe(4);
    const events = ctx.__getEvents();
    expect(events.filter((e) => e.type === 'fillText').map((e) => e.props.text)).toEqual(['SOS Li Fang']);
    // two heat bins: two strokes in their colours
    expect(events.filter((e) => e.type === 'stroke')).toHaveLength(2);
    // the 100–120 m bin lies 26 px to the right of the northbound leg (east: larger x)
    const moves = events.filter((e) => e.type === 'moveTo').map((e) => e.props as { x: number; y: number });
    expect(moves[0]).toMatchObject({ x: 126, y: 500 });
    // the silent tag is drawn at 40 % on its own pass
    expect(events.some((e) => e.type === 'globalAlpha' && e.props.value === 0.4)).toBe(true);
  });

  it('draws nothing without a frame', () => {
    const ctx = document.createElement('canvas').getContext('2d') as MockCtx;
    expect(drawPlanPeople(ctx, scene(null))).toBe(0);
    expect(ctx.__getEvents()).toEqual([]);
  });

  it('keeps the screen position of a chainage in step with the geometry', () => {
    const s = scene(frame());
    expect(screenAt(s.view, s.bores[0].points, 12_700)).toMatchObject({ x: 300, y: 100, headingDeg: 90 });
  });
});
