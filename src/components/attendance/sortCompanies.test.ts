import { describe, expect, it } from 'vitest';
import type { CompanyAttendance } from '../../../protocol';
import { nextCompanySort, sortCompanies } from './sortCompanies';

const company = (name: string, enterpriseType: CompanyAttendance['enterpriseType'], personCount: number, attendanceCount: number): CompanyAttendance => ({
  company: name,
  enterpriseType,
  contactName: '',
  contactPhone: '',
  groupCount: 1,
  personCount,
  registeredCount: personCount,
  attendanceCount,
  rate: personCount ? Math.round((attendanceCount / personCount) * 100) : 0,
  teams: [],
});

const list = [company('Beta Co.', 'supplier', 10, 4), company('Alpha Co.', 'labourSubcontractor', 30, 20), company('Gamma Co.', 'generalContractor', 10, 9)];

describe('sortCompanies', () => {
  it('sorts by a count, ties by name, and leaves the input as it was', () => {
    expect(sortCompanies(list, { key: 'personCount', descending: true }, 'en').map((c) => c.company)).toEqual(['Alpha Co.', 'Beta Co.', 'Gamma Co.']);
    expect(sortCompanies(list, { key: 'personCount', descending: false }, 'en').map((c) => c.company)).toEqual(['Beta Co.', 'Gamma Co.', 'Alpha Co.']);
    expect(sortCompanies(list, { key: 'attendanceCount', descending: true }, 'en').map((c) => c.company)).toEqual(['Alpha Co.', 'Gamma Co.', 'Beta Co.']);
    expect(list.map((c) => c.company)).toEqual(['Beta Co.', 'Alpha Co.', 'Gamma Co.']);
  });

  it('sorts names and enterprise types as shown', () => {
    expect(sortCompanies(list, { key: 'company', descending: false }, 'en').map((c) => c.company)).toEqual(['Alpha Co.', 'Beta Co.', 'Gamma Co.']);
    const shown = { supplier: 'A supplier', labourSubcontractor: 'Z labour', generalContractor: 'M general' } as Record<string, string>;
    expect(sortCompanies(list, { key: 'enterpriseType', descending: false }, 'en', (c) => shown[c.enterpriseType]).map((c) => c.company)).toEqual(['Beta Co.', 'Gamma Co.', 'Alpha Co.']);
  });

  it('flips the direction on the same column and starts counts descending, text ascending', () => {
    expect(nextCompanySort(null, 'rate')).toEqual({ key: 'rate', descending: true });
    expect(nextCompanySort({ key: 'rate', descending: true }, 'rate')).toEqual({ key: 'rate', descending: false });
    expect(nextCompanySort({ key: 'rate', descending: true }, 'company')).toEqual({ key: 'company', descending: false });
  });
});
