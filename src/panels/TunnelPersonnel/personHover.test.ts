import { describe, expect, it } from 'vitest';
import type { PersonnelFrame } from '../../panelData';
import { layoutTunnels } from './layout';
import { KEEP_RADIUS_PX, PICK_RADIUS_PX, personAt } from './personHover';

const TUNNELS = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 12_020, lengthM: 3_000, headings: [] },
];

describe('personAt (who is under the pointer on the map)', () => {
  const layout = layoutTunnels(TUNNELS, 1200, 400);
  const frame = {
    tunnels: [
      { tunnelId: 'LK', sns: ['A', 'B'], chainageM: new Float64Array([500, 1500]), sos: new Uint8Array([0, 0]), heat: new Uint16Array(0) },
      { tunnelId: 'RK', sns: ['C'], chainageM: new Float64Array([500]), sos: new Uint8Array([0]), heat: new Uint16Array(0) },
    ],
  } as unknown as PersonnelFrame;
  const [lk, rk] = layout.bores;
  const mid = (b: typeof lk) => b.bodyY + b.bodyH / 2;

  it('picks the nearest person of the bore under the pointer', () => {
    expect(personAt({ layout, frame }, lk.xOf(500) + 3, mid(lk))?.sn).toBe('A');
    expect(personAt({ layout, frame }, lk.xOf(1500) - 2, mid(lk))?.sn).toBe('B');
    expect(personAt({ layout, frame }, rk.xOf(500), mid(rk))).toMatchObject({ sn: 'C', tunnelId: 'RK', chainageM: 500 });
  });

  it('picks nobody beyond the radius or off the bores', () => {
    expect(personAt({ layout, frame }, lk.xOf(500) + PICK_RADIUS_PX + 2, mid(lk))).toBeNull();
    expect(personAt({ layout, frame }, lk.xOf(500), layout.axisY + 20)).toBeNull();
    expect(personAt({ layout, frame: null }, lk.xOf(500), mid(lk))).toBeNull();
  });

  it('keeps the person whose tooltip shows while they walk a little off the pointer, and lets go beyond that', () => {
    const pointer = lk.xOf(500) + PICK_RADIUS_PX + 3;
    expect(personAt({ layout, frame }, pointer, mid(lk))).toBeNull();
    expect(personAt({ layout, frame }, pointer, mid(lk), 'A')?.sn).toBe('A');
    expect(personAt({ layout, frame }, lk.xOf(500) + KEEP_RADIUS_PX + 1, mid(lk), 'A')).toBeNull();
  });

  it('keeps the picked person even when a neighbour walks nearer to the pointer', () => {
    const crowd = {
      tunnels: [{ tunnelId: 'LK', sns: ['A', 'D'], chainageM: new Float64Array([500, 501]), sos: new Uint8Array(2), heat: new Uint16Array(0) }],
    } as unknown as PersonnelFrame;
    const onD = lk.xOf(501);
    expect(personAt({ layout, frame: crowd }, onD, mid(lk))?.sn).toBe('D');
    expect(personAt({ layout, frame: crowd }, onD, mid(lk), 'A')?.sn).toBe('A');
  });
});
