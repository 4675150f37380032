import { describe, expect, it } from 'vitest';
import { idNumberBirthDate, idNumberCheckDigit, idNumberProblem, maskIdNumber } from './idNumber';
import { personFieldsSchema } from './people';

// 11010519491231002X is the worked example of GB 11643-1999 (check character X).
describe('GB 11643-1999 ID number', () => {
  it('computes the check character of the standard example and of a digit case', () => {
    expect(idNumberCheckDigit('11010519491231002')).toBe('X');
    expect(idNumberCheckDigit('44052418800101001')).toBe('4');
    expect(() => idNumberCheckDigit('1234')).toThrow(RangeError);
  });

  it('accepts valid numbers and names what is wrong with invalid ones', () => {
    expect(idNumberProblem('11010519491231002X')).toBeNull();
    expect(idNumberProblem('11010519491231002x')).toBeNull();
    expect(idNumberProblem('110105194912310021')).toMatch(/check digit/);
    expect(idNumberProblem('110105194902300027')).toMatch(/birth date/);
    expect(idNumberProblem('1101051949123100')).toMatch(/18 characters/);
  });

  it('reads the birth date and masks all but the first and last four', () => {
    expect(idNumberBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });

  it('checks the birth date against the ID number and the leave date against the entry date', () => {
    const base = { name: 'A', beaconSn: null, company: '', team: '', workType: '', phone: '' };
    expect(personFieldsSchema.safeParse({ ...base, idNumber: '11010519491231002x', birthDate: '1949-12-31' }).data?.idNumber).toBe('11010519491231002X');
    expect(personFieldsSchema.safeParse({ ...base, idNumber: '11010519491231002X', birthDate: '1950-01-01' }).success).toBe(false);
    expect(personFieldsSchema.safeParse({ ...base, idNumber: '110105194912310021' }).success).toBe(false);
    expect(personFieldsSchema.safeParse({ ...base, entryDate: '2026-03-01', leaveDate: '2026-02-01' }).success).toBe(false);
    expect(personFieldsSchema.safeParse(base).data).toMatchObject({ idNumber: '', gender: null, position: '' });
  });
});
