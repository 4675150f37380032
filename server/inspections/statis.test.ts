import { describe, expect, it } from 'vitest';
import type { Inspection } from '../../protocol';
import { inspectionStatis } from './statis';

const NOW = Date.parse('2026-11-27T04:00:00Z'); // 12:00 Beijing time

function inspection(company: string, foundOn: string, state: Inspection['state'], overdue: boolean, reviewedAtMs: number | null = null): Inspection {
  return { inspectionId: 1, category: 'safety', issue: 'x', tunnelId: null, chainageM: null, place: 'yard', severity: 'general', company, foundOn, deadline: foundOn, inspector: '', photoNote: '', attachments: [], rectification: '', rectificationAttachments: [], rectifiedOn: null, review: state === 'closed' ? 'passed' : null, reviewer: '', reviewNote: '', reviewedAtMs, state, overdue, updatedAtMs: 0 };
}

describe('inspectionStatis', () => {
  it('counts by state and overdue, per company with the most open first, and found and closed per Beijing day', () => {
    const s = inspectionStatis(
      [
        inspection('Hengtai', '2026-11-26', 'open', true),
        inspection('Yunling', '2026-11-27', 'open', false),
        inspection('Yunling', '2026-11-25', 'awaitingReview', false),
        inspection('Yunling', '2026-11-20', 'closed', false, Date.parse('2026-11-26T17:00:00Z')), // 01:00 on the 27th, Beijing
      ],
      3,
      NOW,
    );
    expect(s).toMatchObject({ total: 4, open: 2, awaitingReview: 1, closed: 1, overdue: 1 });
    expect(s.byCompany).toEqual([
      { company: 'Yunling', total: 3, open: 1, awaitingReview: 1, closed: 1, overdue: 0 },
      { company: 'Hengtai', total: 1, open: 1, awaitingReview: 0, closed: 0, overdue: 1 },
    ]);
    expect(s.trend).toEqual([
      { day: '2026-11-25', found: 1, closed: 0 },
      { day: '2026-11-26', found: 1, closed: 0 },
      { day: '2026-11-27', found: 1, closed: 1 },
    ]);
  });
});
