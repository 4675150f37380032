import { describe, expect, it } from 'vitest';
import { environmentCompliance, percentDone, projectProfileSchema } from './projectHome';

const D = 86_400_000;

describe('environmentCompliance', () => {
  it('judges a day by every monitor that judged it and counts the run of compliant days back from the latest', () => {
    const a = { days: [{ dayMs: 0, compliant: true }, { dayMs: D, compliant: false }, { dayMs: 2 * D, compliant: true }, { dayMs: 3 * D, compliant: true }, { dayMs: 4 * D, compliant: null }] };
    const b = { days: [{ dayMs: 0, compliant: false }, { dayMs: 2 * D, compliant: null }, { dayMs: 3 * D, compliant: true }] };
    expect(environmentCompliance([a, b])).toEqual({ compliantDays: 2, judgedDays: 4, streakDays: 2 });
    expect(environmentCompliance([])).toEqual({ compliantDays: 0, judgedDays: 0, streakDays: 0 });
  });
});

describe('reported quantities', () => {
  it('gives done of design in percent, capped at 100, none without a design quantity', () => {
    expect(percentDone(37, 120)).toBe(30.8);
    expect(percentDone(130, 120)).toBe(100);
    expect(percentDone(5, 0)).toBeNull();
  });

  it('refuses a profile with a negative quantity or an unknown structure', () => {
    const design = { costTenThousandCny: 182_000, durationDays: 1460, concreteM3: 420_000, reinforcementT: 38_000, mileageKm: 12.6 };
    expect(projectProfileSchema.safeParse({ units: [], design, quantities: [{ structure: 'bridge', item: 'Piers', unit: 'pcs', design: 48, done: 30 }] }).success).toBe(true);
    expect(projectProfileSchema.safeParse({ units: [], design, quantities: [{ structure: 'bridge', item: 'Piers', unit: 'pcs', design: -1, done: 0 }] }).success).toBe(false);
    expect(projectProfileSchema.safeParse({ units: [], design, quantities: [{ structure: 'harbour', item: 'Piers', unit: 'pcs', design: 1, done: 0 }] }).success).toBe(false);
  });
});
