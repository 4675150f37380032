import { describe, expect, it } from 'vitest';
import { ALG_TYPES } from './kinds';
import { ALG_TYPE_NAMES, algTypeName, captureAnalysisBody, captureListBody, falseAlarmRatio } from './captures';

describe('capture record wire helpers', () => {
  it('names every violation kind, and passes an unknown one through', () => {
    for (const t of ALG_TYPES) expect(ALG_TYPE_NAMES[t].length).toBeGreaterThan(0);
    expect(algTypeName('noHelmet')).toBe('No helmet');
    expect(algTypeName('newThing')).toBe('newThing');
  });

  it('false-alarm ratio is misinformation over handled, 4 decimals, null when nothing is handled', () => {
    expect(falseAlarmRatio(2, 1)).toBe(0.3333);
    expect(falseAlarmRatio(4, 0)).toBe(0);
    expect(falseAlarmRatio(0, 0)).toBeNull();
  });

  it('bounds the page size and the analysis span', () => {
    expect(captureListBody.safeParse({ projectId: 'p', pageSize: 101 }).success).toBe(false);
    expect(captureListBody.parse({ projectId: 'p' })).toMatchObject({ page: 1, pageSize: 20 });
    expect(captureAnalysisBody.safeParse({ projectId: 'p', fromMs: 0, toMs: 367 * 86_400_000 }).success).toBe(false);
    expect(captureAnalysisBody.safeParse({ projectId: 'p', fromMs: 10, toMs: 5 }).success).toBe(false);
  });
});
