import { describe, expect, it } from 'vitest';
import { alignmentPointsSchema, boreAlignmentSchema, positionAt, stretchOf, type AlignmentPoint } from './alignment';

const STRAIGHT_EAST: AlignmentPoint[] = [
  { chainageM: 12_000, x: 0, y: 0 },
  { chainageM: 12_100, x: 100, y: 0 },
];

/** Points every `stepM` of chainage on a circular curve of radius `r` turning right from heading north. */
function rightCurve(r: number, lengthM: number, stepM: number): AlignmentPoint[] {
  const out: AlignmentPoint[] = [];
  for (let s = 0; s <= lengthM; s += stepM) {
    const a = s / r; // radians turned
    out.push({ chainageM: 1_000 + s, x: r - r * Math.cos(a), y: r * Math.sin(a) });
  }
  return out;
}

describe('positionAt', () => {
  it('interpolates between the points around the chainage, with the segment heading as a bearing', () => {
    expect(positionAt(STRAIGHT_EAST, 12_025)).toEqual({ x: 25, y: 0, headingDeg: 90, outside: false });
    const north: AlignmentPoint[] = [
      { chainageM: 0, x: 10, y: 10 },
      { chainageM: 50, x: 10, y: 60 },
      { chainageM: 100, x: -40, y: 60 },
    ];
    expect(positionAt(north, 20)).toMatchObject({ x: 10, y: 30, headingDeg: 0 });
    // at a shared point the segment starting there gives the heading (west: 270°)
    expect(positionAt(north, 50)).toMatchObject({ x: 10, y: 60, headingDeg: 270 });
    expect(positionAt(north, 75)).toMatchObject({ x: -15, y: 60, headingDeg: 270 });
    expect(positionAt(north, 100)).toMatchObject({ x: -40, y: 60, outside: false });
  });

  it('extends the end segments straight outside the points and says so', () => {
    expect(positionAt(STRAIGHT_EAST, 11_990)).toEqual({ x: -10, y: 0, headingDeg: 90, outside: true });
    expect(positionAt(STRAIGHT_EAST, 12_130)).toEqual({ x: 130, y: 0, headingDeg: 90, outside: true });
    const bent: AlignmentPoint[] = [
      { chainageM: 0, x: 0, y: 0 },
      { chainageM: 10, x: 0, y: 10 },
      { chainageM: 20, x: 10, y: 10 },
    ];
    // after the last point: on along the last segment (east), not the first
    const after = positionAt(bent, 25);
    expect(after.x).toBeCloseTo(15);
    expect(after.y).toBeCloseTo(10);
    expect(after.headingDeg).toBeCloseTo(90);
    expect(positionAt(bent, -5)).toMatchObject({ x: 0, y: -5, headingDeg: 0, outside: true });
  });

  it('follows a curve given by close points: on the circle within the chord sagitta, the heading turning with it', () => {
    const r = 1_200;
    const curve = rightCurve(r, 600, 20);
    let lastHeading = -1;
    for (let s = 5; s < 600; s += 37) {
      const p = positionAt(curve, 1_000 + s);
      // distance from the circle's centre (r, 0): a 20 m chord on r 1200 m sags at most 20²/(8·1200) ≈ 0.042 m
      expect(Math.abs(Math.hypot(p.x - r, p.y) - r)).toBeLessThan(0.05);
      // bearing of the tangent at s is s/r radians right of north, within half a segment's turn
      expect(Math.abs(p.headingDeg - ((s / r) * 180) / Math.PI)).toBeLessThan(((20 / r) * 180) / Math.PI);
      expect(p.headingDeg).toBeGreaterThan(lastHeading);
      lastHeading = p.headingDeg;
    }
  });

  it('moves a lateral offset to the right of the direction of increasing chainage (negative: left)', () => {
    expect(positionAt(STRAIGHT_EAST, 12_050, 5)).toMatchObject({ x: 50, y: -5 });
    expect(positionAt(STRAIGHT_EAST, 12_050, -5)).toMatchObject({ x: 50, y: 5 });
    const north: AlignmentPoint[] = [
      { chainageM: 0, x: 0, y: 0 },
      { chainageM: 10, x: 0, y: 10 },
    ];
    expect(positionAt(north, 5, 3)).toMatchObject({ x: 3, y: 5 });
  });

  it('refuses fewer than 2 points and a chainage that is no number', () => {
    expect(() => positionAt(STRAIGHT_EAST.slice(0, 1), 12_000)).toThrow(RangeError);
    expect(() => positionAt(STRAIGHT_EAST, Number.NaN)).toThrow(RangeError);
  });
});

describe('stretchOf', () => {
  it('gives the points between two chainages with both ends interpolated', () => {
    const pts: AlignmentPoint[] = [
      { chainageM: 0, x: 0, y: 0 },
      { chainageM: 10, x: 0, y: 10 },
      { chainageM: 20, x: 10, y: 10 },
    ];
    expect(stretchOf(pts, 5, 15)).toEqual([
      { chainageM: 5, x: 0, y: 5 },
      { chainageM: 10, x: 0, y: 10 },
      { chainageM: 15, x: 5, y: 10 },
    ]);
  });
});

describe('alignment schemas', () => {
  it('refuses fewer than 2 points and chainages that do not strictly increase, naming the point', () => {
    expect(alignmentPointsSchema.safeParse([{ chainageM: 0, x: 0, y: 0 }]).success).toBe(false);
    const r = alignmentPointsSchema.safeParse([
      { chainageM: 0, x: 0, y: 0 },
      { chainageM: 10, x: 0, y: 10 },
      { chainageM: 10, x: 0, y: 20 },
    ]);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: [2, 'chainageM'] });
    expect(r.error!.issues[0].message).toContain('point 3');
  });

  it('bounds the points and the cross passages', () => {
    const many = Array.from({ length: 2_001 }, (_, i) => ({ chainageM: i, x: i, y: 0 }));
    expect(alignmentPointsSchema.safeParse(many).success).toBe(false);
    expect(alignmentPointsSchema.safeParse(many.slice(0, 2_000)).success).toBe(true);
    const ok = { tunnelId: 'LK', points: STRAIGHT_EAST, crossPassages: [{ chainageM: 12_050, toTunnelId: 'RK', toChainageM: 12_070, kind: 'pedestrian' }] };
    expect(boreAlignmentSchema.safeParse(ok).success).toBe(true);
    expect(boreAlignmentSchema.safeParse({ ...ok, crossPassages: [{ ...ok.crossPassages[0], kind: 'tram' }] }).success).toBe(false);
  });
});
