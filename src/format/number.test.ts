import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import { formatDisplayNumber, formatFixedDigits, formatNumber, formatReading } from './number';

describe('formatDisplayNumber (docs/product.md "Validation and display")', () => {
  it('shows 0 for zero and for empty values', () => {
    for (const v of [0, -0, null, undefined, '', '  ', Number.NaN, Number.POSITIVE_INFINITY, 'abc']) {
      expect(formatDisplayNumber(v, 2)).toBe('0');
    }
  });

  it('cuts decimals instead of rounding', () => {
    expect(formatDisplayNumber(20.999, 2)).toBe('20.99');
    expect(formatDisplayNumber(-1.239, 1)).toBe('-1.2');
    expect(formatDisplayNumber(9.99, 0)).toBe('9');
    expect(formatDisplayNumber(1.23456789, 4)).toBe('1.2345');
  });

  it('never loses a digit to binary artefacts', () => {
    expect(formatDisplayNumber(0.29, 2)).toBe('0.29');
    expect(formatDisplayNumber(1.005, 2)).toBe('1.00');
    expect(formatDisplayNumber(4.35, 1)).toBe('4.3');
    expect(formatDisplayNumber(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('keeps fewer decimals as they are', () => {
    expect(formatDisplayNumber(1.5, 3)).toBe('1.5');
    expect(formatDisplayNumber(17.5, 2)).toBe('17.5');
    expect(formatDisplayNumber(24, 2)).toBe('24');
    expect(formatDisplayNumber('12.5', 2)).toBe('12.5');
  });

  it('shows a value that cuts to nothing as 0 and expands exponent forms', () => {
    expect(formatDisplayNumber(0.004, 2)).toBe('0');
    expect(formatDisplayNumber(-0.004, 2)).toBe('0');
    expect(formatDisplayNumber(1.25e-7, 8)).toBe('0.00000012');
    expect(formatDisplayNumber(1.5e21, 2, 'en')).toBe('1,500,000,000,000,000,000,000');
  });

  it('refuses a digit count that is not an integer 0…20', () => {
    expect(() => formatDisplayNumber(1, -1)).toThrow(RangeError);
    expect(() => formatDisplayNumber(1, 1.5)).toThrow(RangeError);
  });

  it('is what panels import as formatNumber (default 2 digits)', () => {
    expect(formatNumber(3.14159)).toBe('3.14');
  });

  it('groups thousands and writes decimals the way the active language does, after the cut', async () => {
    try {
      await activateLocale('en');
      expect(formatDisplayNumber(12345.678, 2)).toBe('12,345.67');
      expect(formatDisplayNumber(-1234567.999, 0)).toBe('-1,234,567');
      expect(formatDisplayNumber(1234.5, 3)).toBe('1,234.5');
      await activateLocale('zh-CN');
      expect(formatDisplayNumber(12345.678, 2)).toBe('12,345.67');
      await activateLocale('de-DE');
      expect(formatDisplayNumber(12345.678, 2)).toBe('12.345,67');
      expect(formatDisplayNumber(1.005, 2)).toBe('1,00');
      expect(formatDisplayNumber(0.004, 2)).toBe('0');
    } finally {
      await activateLocale('zh-CN');
    }
  });

  it('never rounds up when the locale writes the number, however many digits', () => {
    expect(formatDisplayNumber(9999.999, 2, 'en')).toBe('9,999.99');
    expect(formatDisplayNumber(123456789.123456789, 20, 'en')).toBe('123,456,789.12345679');
    expect(formatDisplayNumber(0.99999, 0, 'de-DE')).toBe('0');
    expect(formatDisplayNumber(12345.678, 2, 'ar-EG')).toBe(new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 2 }).format(12345.67));
  });
});

describe('formatFixedDigits', () => {
  it('writes every cell of a column with the same decimals, cut not rounded', () => {
    expect([3, 31.57, 0, 0.04, 19.999].map((v) => formatFixedDigits(v, 1, 'en'))).toEqual(['3.0', '31.5', '0.0', '0.0', '19.9']);
    expect(formatFixedDigits(20.9, 2, 'en')).toBe('20.90');
    expect(formatFixedDigits(12345.6, 0, 'en')).toBe('12,345');
    expect(formatFixedDigits(undefined, 2, 'en')).toBe('—');
  });
});

describe('formatReading', () => {
  it('keeps the metric decimals while the cell has at most four digits', () => {
    expect([0, 3.6, 20.9, 103.18].map((v) => formatReading(v, 1, 4, 'en'))).toEqual(['0.0', '3.6', '20.9', '103.1']);
    expect([20.95, 0.01].map((v) => formatReading(v, 2, 4, 'en'))).toEqual(['20.95', '0.01']);
  });

  it('drops decimals, cut not rounded, as the whole part grows', () => {
    expect(formatReading(1234.56, 1, 4, 'en')).toBe('1,234');
    expect(formatReading(999.99, 2, 4, 'en')).toBe('999.9');
    expect(formatReading(100, 2, 4, 'en')).toBe('100.0');
    expect(formatReading(10_000, 1, 4, 'en')).toBe('10,000');
    expect(formatReading(-12.345, 3, 4, 'en')).toBe('-12.34');
  });

  it('shows the dash of a missing reading', () => {
    expect(formatReading(undefined, 2, 4, 'en')).toBe('—');
  });
});
