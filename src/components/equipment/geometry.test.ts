import { describe, expect, it } from 'vitest';
import { boomSideView, elevatorMastM, gantrySpanM, heightToY, spanToX, towerTopView } from './geometry';

describe('equipment drawing geometry', () => {
  it('points a tower crane jib up at 0°, right at 90°, and puts the trolley at its radius', () => {
    const up = towerTopView({ x: 100, y: 100 }, 70, 0, 35);
    expect(up.jibEnd.x).toBeCloseTo(100);
    expect(up.jibEnd.y).toBeCloseTo(30);
    expect(up.trolley.y).toBeCloseTo(65); // half the jib
    const right = towerTopView({ x: 100, y: 100 }, 70, 90, 70);
    expect(right.jibEnd.x).toBeCloseTo(170);
    expect(right.trolley.x).toBeCloseTo(170);
    expect(right.counterEnd.x).toBeCloseTo(79);
    // a radius beyond the drawn jib widens the jib rather than drawing the trolley off it
    const far = towerTopView({ x: 0, y: 0 }, 100, 180, 90);
    expect(far.jibM).toBe(90);
    expect(far.trolley.y).toBeCloseTo(100);
  });

  it('places cage heights on the mast, pinned to its ends', () => {
    expect(heightToY(0, 60, 500, 100)).toBe(500);
    expect(heightToY(30, 60, 500, 100)).toBe(300);
    expect(heightToY(90, 60, 500, 100)).toBe(100);
    expect(heightToY(-3, 60, 500, 100)).toBe(500);
    expect(elevatorMastM(12, 40)).toBe(60);
    expect(elevatorMastM(12, 95)).toBe(120);
  });

  it('places trolley and travel positions along a span, pinned to its ends', () => {
    expect(spanToX(18, 36, 10, 370)).toBe(190);
    expect(spanToX(-1, 36, 10, 370)).toBe(10);
    expect(spanToX(50, 36, 10, 370)).toBe(370);
    expect(gantrySpanM(20)).toBe(36);
    expect(gantrySpanM(40)).toBe(42);
  });

  it('raises a boom by its angle', () => {
    const flat = boomSideView({ x: 0, y: 100 }, 2, 50, 0);
    expect(flat.tip).toEqual({ x: 100, y: 100 });
    const steep = boomSideView({ x: 0, y: 100 }, 2, 50, 90);
    expect(steep.tip.x).toBeCloseTo(0);
    expect(steep.tip.y).toBeCloseTo(0);
  });
});
