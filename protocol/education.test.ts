import { describe, expect, it } from 'vitest';
import { beijingMonthOf, educationAttachmentIds, educationFieldsSchema, educationStatis } from './education';

const NOW = Date.UTC(2026, 10, 20, 4); // 2026-11-20 12:00 Beijing time

describe('educationStatis', () => {
  it('counts records, person-hours and people trained this month per company and team', () => {
    const lastMonth = Date.UTC(2026, 9, 30, 4);
    const s = educationStatis(
      [
        { recordId: 1, trainedAtMs: NOW, hours: 2, participants: [{ personId: 'a', company: 'Bureau 3', team: 'Lining' }, { personId: 'b', company: 'Bureau 3', team: 'Drilling' }] },
        { recordId: 2, trainedAtMs: NOW, hours: 0.5, participants: [{ personId: 'a', company: 'Bureau 3', team: 'Lining' }] },
        { recordId: 3, trainedAtMs: lastMonth, hours: 8, participants: [{ personId: 'c', company: 'Labour Co', team: 'Lining' }] },
      ],
      NOW,
    );
    expect(s.byCompany).toEqual([
      { name: 'Bureau 3', records: 2, personHours: 4.5, trainedThisMonth: 2 },
      { name: 'Labour Co', records: 1, personHours: 8, trainedThisMonth: 0 },
    ]);
    expect(s.byTeam).toEqual([
      { name: 'Drilling', records: 1, personHours: 2, trainedThisMonth: 1 },
      { name: 'Lining', records: 3, personHours: 10.5, trainedThisMonth: 1 },
    ]);
  });

  it('a month is the Beijing month: 23:30 UTC on the last day is already the next month', () => {
    const m = beijingMonthOf(Date.UTC(2026, 9, 31, 23, 30));
    expect(new Date(m.startMs).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(new Date(m.endMs).toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });
});

describe('educationFieldsSchema', () => {
  const base = { trainedAtMs: NOW, theme: 'Entry education', type: 'threeLevel', method: 'classroom', hours: 8, participants: ['a'] } as const;

  it('refuses pre-shift fields on another type, a pre-shift record without its team, and a participant twice', () => {
    expect(educationFieldsSchema.safeParse({ ...base, team: 'Lining' }).success).toBe(false);
    expect(educationFieldsSchema.safeParse({ ...base, type: 'preShift' }).success).toBe(false);
    expect(educationFieldsSchema.safeParse({ ...base, participants: ['a', 'a'] }).success).toBe(false);
    expect(educationFieldsSchema.safeParse({ ...base, type: 'preShift', team: 'Lining', signSheetId: 4 }).success).toBe(true);
  });

  it('a record holds its attachments and its pre-shift files, each once', () => {
    expect(educationAttachmentIds({ attachmentIds: [1, 2], signSheetId: 2, photoId: 5, videoId: null })).toEqual([1, 2, 5]);
  });
});
