import { beijingDateOf, type Inspection, type InspectionStatis } from '../../protocol';

const DAY_MS = 86_400_000;

type Counts = Pick<InspectionStatis, 'total' | 'open' | 'awaitingReview' | 'closed' | 'overdue'>;

function emptyCounts(): Counts {
  return { total: 0, open: 0, awaitingReview: 0, closed: 0, overdue: 0 };
}

function count(c: Counts, i: Pick<Inspection, 'state' | 'overdue'>): void {
  c.total++;
  c[i.state]++;
  if (i.overdue) c.overdue++;
}

/**
 * The summary of one category's inspections (safety/statis, quality/statis; docs/api.md "Inspections"):
 * counts by state and overdue (as the inspections say, protocol/inspections.ts), the same per responsible
 * company (most open first, then by name), and per Beijing day of the last `days` up to `nowMs` the issues
 * found and the rectifications passed.
 */
export function inspectionStatis(list: readonly Inspection[], days: number, nowMs: number): InspectionStatis {
  const all = emptyCounts();
  const companies = new Map<string, Counts>();
  const trendDays = Array.from({ length: days }, (_, k) => beijingDateOf(nowMs - (days - 1 - k) * DAY_MS));
  const trend = new Map(trendDays.map((day) => [day, { day, found: 0, closed: 0 }]));
  for (const i of list) {
    count(all, i);
    let c = companies.get(i.company);
    if (!c) companies.set(i.company, (c = emptyCounts()));
    count(c, i);
    const found = trend.get(i.foundOn);
    if (found) found.found++;
    if (i.state === 'closed' && i.reviewedAtMs !== null) {
      const closed = trend.get(beijingDateOf(i.reviewedAtMs));
      if (closed) closed.closed++;
    }
  }
  const byCompany = [...companies].map(([company, c]) => ({ company, ...c })).sort((a, b) => b.open + b.awaitingReview - (a.open + a.awaitingReview) || a.company.localeCompare(b.company));
  return { ...all, byCompany, trend: [...trend.values()] };
}
