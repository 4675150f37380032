import { describe, expect, it } from 'vitest';
import type { TunnelInfo } from '../../../protocol';
import type { PersonnelFrame } from '../../stores';
import { drawPeople, sosPoints } from './drawPeople';
import { layoutTunnels, mapTextPx } from './layout';

const LK: TunnelInfo = { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_000, headings: [] };
const RK: TunnelInfo = { tunnelId: 'RK', name: 'Right bore', startChainageM: 12_000, lengthM: 3_000, headings: [] };

type Event = { type: string; props: Record<string, unknown> };
type MockCtx = CanvasRenderingContext2D & { __getEvents(): Event[] };

function frame(): PersonnelFrame {
  const heat = new Uint16Array(150); // 20 m bins over 3000 m
  heat[5] = 1;
  heat[60] = 2;
  return {
    atMs: 0,
    tunnels: [
      {
        tunnelId: 'LK',
        sns: ['BC0001', 'BC0002', 'BC0003'],
        chainageM: new Float64Array([100, 1200, 1201]),
        sos: new Uint8Array([0, 1, 0]),
        heat,
      },
    ],
  };
}

describe('drawPeople', () => {
  function draw(f: PersonnelFrame | null, part: 'all' | 'people' | 'sos' = 'all') {
    const ctx = document.createElement('canvas').getContext('2d') as MockCtx;
    const layout = layoutTunnels([LK, RK], 1600, 400);
    drawPeople(ctx, { layout, frame: f, binM: 20, nameOf: (sn) => (sn === 'BC0002' ? 'Li Fang' : sn), headcountLabel: (n) => `${n} people`, labelColor: '#e5e7eb' }, 0, part);
    return ctx.__getEvents();
  }
  const texts = (events: Event[]) => events.filter((e) => e.type === 'fillText').map((e) => e.props.text);

  it('writes a headcount per bore and names people in SOS', () => {
    const events = draw(frame());
    expect(texts(events)).toEqual(['3 people', 'SOS Li Fang', '0 people']);
  });

  it('draws its labels at the scene\'s text sizes: never under 12 screen px on a board scaled to 0.63', () => {
    const ctx = document.createElement('canvas').getContext('2d') as MockCtx;
    const layout = layoutTunnels([LK, RK], 1600, 400);
    const scale = 0.63;
    drawPeople(ctx, { layout, frame: frame(), binM: 20, nameOf: (sn) => sn, headcountLabel: (n) => `${n} people`, labelColor: '#e5e7eb', textPx: (d) => mapTextPx(d, scale) }, 0, 'people');
    const fonts = ctx.__getEvents().filter((e) => e.type === 'font').map((e) => Number(/(\d+(?:\.\d+)?)px/.exec(String(e.props.value))?.[1]));
    expect(fonts.length).toBeGreaterThan(0);
    for (const px of fonts) expect(px * scale).toBeGreaterThanOrEqual(12 - 1e-9);
  });

  it('draws one dot per person not in SOS, and a pulse and a marker for SOS', () => {
    const arcs = draw(frame()).filter((e) => e.type === 'arc');
    expect(arcs).toHaveLength(2 + 2);
  });

  it('fills all dots of a bore at once; the pulsing halo is apart from the people', () => {
    const people = draw(frame(), 'people');
    expect(people.filter((e) => e.type === 'arc')).toHaveLength(2 + 1); // two dots, the SOS marker
    expect(people.filter((e) => e.type === 'fill')).toHaveLength(2); // the left bore's two dots at once, the marker
    expect(texts(people)).toEqual(['3 people', 'SOS Li Fang', '0 people']);
    const halo = draw(frame(), 'sos');
    expect(halo.filter((e) => e.type === 'arc')).toHaveLength(1);
    expect(texts(halo)).toEqual([]);
    expect(halo.filter((e) => e.type === 'fillRect')).toHaveLength(0);
  });

  it('places SOS halos where the markers are drawn', () => {
    const layout = layoutTunnels([LK, RK], 1600, 400);
    const points = sosPoints({ layout, frame: frame(), binM: 20, nameOf: (sn) => sn, headcountLabel: (n) => `${n}`, labelColor: '#e5e7eb' });
    expect(points).toHaveLength(1);
    expect(points[0].x).toBeCloseTo(layout.bores[0].xOf(1200));
  });

  it('fills only the heat bins that hold people', () => {
    expect(draw(frame()).filter((e) => e.type === 'fillRect')).toHaveLength(2);
  });

  it('draws nothing before the first frame', () => {
    expect(draw(null)).toHaveLength(0);
  });
});
