import type { CompanyAttendance } from '../../../protocol';

/** Columns the cooperating-company table sorts by. */
export const COMPANY_SORT_KEYS = ['company', 'enterpriseType', 'groupCount', 'personCount', 'registeredCount', 'attendanceCount', 'rate'] as const;
export type CompanySortKey = (typeof COMPANY_SORT_KEYS)[number];

/** A sort of the company table: its column and direction. */
export interface CompanySort {
  key: CompanySortKey;
  descending: boolean;
}

/**
 * The companies sorted by one column (names and enterprise types by the UI language's collation, counts
 * numerically), ties by name; a new array, the input untouched. `label` names an enterprise type as shown.
 */
export function sortCompanies(companies: readonly CompanyAttendance[], sort: CompanySort, locale: string, label: (c: CompanyAttendance) => string = (c) => c.enterpriseType): CompanyAttendance[] {
  const collator = new Intl.Collator(locale);
  const byName = (a: CompanyAttendance, b: CompanyAttendance) => collator.compare(a.company, b.company);
  const by = (a: CompanyAttendance, b: CompanyAttendance): number => {
    if (sort.key === 'company') return byName(a, b);
    if (sort.key === 'enterpriseType') return collator.compare(label(a), label(b));
    return a[sort.key] - b[sort.key];
  };
  const sign = sort.descending ? -1 : 1;
  return [...companies].sort((a, b) => sign * by(a, b) || byName(a, b));
}

/** The sort after a click on `key`: the same column flips its direction, another starts descending for counts, ascending for text. */
export function nextCompanySort(current: CompanySort | null, key: CompanySortKey): CompanySort {
  if (current?.key === key) return { key, descending: !current.descending };
  return { key, descending: key !== 'company' && key !== 'enterpriseType' };
}
