import { describe, expect, it } from 'vitest';
import { demoSchedule } from './demoSchedule';

describe('the demo schedule', () => {
  it('gives each group the span, start and progress of its tasks', () => {
    const tasks = demoSchedule('en', Date.UTC(2026, 10, 27, 4));
    const groups = tasks.filter((t) => t.parentWbs === null);
    expect(groups.length).toBeGreaterThan(3);
    for (const g of groups) {
      const kids = tasks.filter((t) => t.parentWbs === g.fields.wbs).map((t) => t.fields);
      expect(kids.length, g.fields.wbs).toBeGreaterThan(0);
      expect(g.fields.plannedStart).toBe(kids.map((k) => k.plannedStart).sort()[0]);
      expect(g.fields.plannedEnd).toBe(kids.map((k) => k.plannedEnd).sort().at(-1));
      expect(g.fields.actualStart).toBe(kids.map((k) => k.actualStart).filter((d) => d !== null).sort()[0] ?? null);
      expect(g.fields.progressPct).toBeGreaterThanOrEqual(Math.min(...kids.map((k) => k.progressPct)));
      expect(g.fields.progressPct).toBeLessThanOrEqual(Math.max(...kids.map((k) => k.progressPct)));
      // finished only when every task is
      expect(g.fields.actualEnd !== null).toBe(kids.every((k) => k.actualEnd !== null));
    }
  });
});
