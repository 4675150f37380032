import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

describe('paginate', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it('returns the requested page and the totals', () => {
    expect(paginate(items, 3, 10)).toEqual({ items: [21, 22, 23], page: 3, pageCount: 3, total: 23 });
  });

  it('clamps a page out of range', () => {
    expect(paginate(items, 9, 10).page).toBe(3);
    expect(paginate(items, 0, 10).items[0]).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 1, 10)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});
