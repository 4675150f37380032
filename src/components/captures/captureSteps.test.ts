import { describe, expect, it } from 'vitest';
import { nextZoom, ordinalOf, stepPosition } from './captureSteps';

describe('picture viewer steps', () => {
  it('steps within a page and across pages of the server paging', () => {
    expect(stepPosition({ page: 1, index: 3 }, 1, 20, 57)).toEqual({ page: 1, index: 4 });
    expect(stepPosition({ page: 1, index: 19 }, 1, 20, 57)).toEqual({ page: 2, index: 0 });
    expect(stepPosition({ page: 2, index: 0 }, -1, 20, 57)).toEqual({ page: 1, index: 19 });
    expect(ordinalOf({ page: 3, index: 16 }, 20)).toBe(57);
  });

  it('stops at both ends of the filtered list', () => {
    expect(stepPosition({ page: 1, index: 0 }, -1, 20, 57)).toBeNull();
    expect(stepPosition({ page: 3, index: 16 }, 1, 20, 57)).toBeNull();
  });

  it('zooms by steps between fit and 4×', () => {
    expect(nextZoom(1, 1)).toBe(1.5);
    expect(nextZoom(4, 1)).toBe(4);
    expect(nextZoom(1, -1)).toBe(1);
    expect(nextZoom(2, -1)).toBe(1.5);
  });
});
