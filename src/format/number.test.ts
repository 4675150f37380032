import { describe, expect, it } from 'vitest';
import { formatNumber } from './number';

describe('formatNumber (SPEC §5)', () => {
  it('shows 0 for zero and for missing values', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
  });

  it('cuts decimals instead of rounding', () => {
    expect(formatNumber(20.999, 2)).toBe('20.99');
    expect(formatNumber(-1.239, 1)).toBe('-1.2');
    expect(formatNumber(0.29, 2)).toBe('0.29');
  });

  it('keeps fewer decimals as they are', () => {
    expect(formatNumber(17.5, 2)).toBe('17.5');
    expect(formatNumber(24, 2)).toBe('24');
  });
});
