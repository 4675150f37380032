import { describe, expect, it } from 'vitest';
import { GAS_THRESHOLDS } from '../test/builders';
import { thresholdLevel } from './thresholdLevel';

const CO = GAS_THRESHOLDS.find((t) => t.metric === 'CO')!;
const O2 = GAS_THRESHOLDS.find((t) => t.metric === 'O2')!;

describe('thresholdLevel', () => {
  it('grades high limits inclusively', () => {
    expect(thresholdLevel(16.9, CO)).toBeNull();
    expect(thresholdLevel(17, CO)).toBe('warning');
    expect(thresholdLevel(24, CO)).toBe('alarm');
  });

  it('grades low limits (hypoxia) and hyperoxia', () => {
    expect(thresholdLevel(20.9, O2)).toBeNull();
    expect(thresholdLevel(19.8, O2)).toBe('warning');
    expect(thresholdLevel(19.5, O2)).toBe('alarm');
    expect(thresholdLevel(23.6, O2)).toBe('alarm');
  });

  it('has no level without a value or a rule', () => {
    expect(thresholdLevel(null, CO)).toBeNull();
    expect(thresholdLevel(100, undefined)).toBeNull();
  });
});
