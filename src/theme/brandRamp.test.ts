import { describe, expect, it } from 'vitest';
import { BRAND_COLOR, BRAND_STEPS, brandRamp } from './brandRamp';
import { luminance } from './color';

describe('brandRamp', () => {
  const ramp = brandRamp(BRAND_COLOR);

  it('has all 16 Fluent steps as #rrggbb colours', () => {
    expect(Object.keys(ramp).map(Number)).toEqual([...BRAND_STEPS]);
    for (const step of BRAND_STEPS) expect(ramp[step]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('puts the brand colour itself at step 80', () => {
    expect(ramp[80]).toBe('#00b589');
  });

  it('gets strictly lighter from step 10 to step 160', () => {
    const lum = BRAND_STEPS.map((s) => luminance(ramp[s]));
    for (let i = 1; i < lum.length; i++) expect(lum[i]).toBeGreaterThan(lum[i - 1]);
    expect(lum[0]).toBeLessThan(0.01);
    expect(lum[15]).toBeGreaterThan(0.7);
  });

  it('refuses anything but #rrggbb', () => {
    expect(() => brandRamp('green')).toThrow(RangeError);
    expect(() => brandRamp('#0b5')).toThrow(RangeError);
  });
});
