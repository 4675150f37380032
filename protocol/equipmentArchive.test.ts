import { describe, expect, it } from 'vitest';
import { archiveDimensionProblems, archiveFieldsSchema } from './equipmentArchive';
import { EQUIPMENT_KINDS, equipmentRoleOf } from './equipment';

describe('equipment archive fields', () => {
  it('fills the optional fields with empty values and keeps the required ones', () => {
    const a = archiveFieldsSchema.parse({ model: ' TC6013 ', maker: 'Zoomlion' });
    expect(a).toMatchObject({ model: 'TC6013', serialNo: '', ratedLoadT: null, installedAtMs: null, maxSpanM: null });
    expect(archiveFieldsSchema.safeParse({ model: '', maker: 'Zoomlion' }).success).toBe(false);
    expect(archiveFieldsSchema.safeParse({ model: 'x', maker: 'y', colour: 'red' }).success).toBe(false);
  });

  it('refuses out-of-range ratings and dates out of order', () => {
    const base = { model: 'x', maker: 'y' };
    expect(archiveFieldsSchema.safeParse({ ...base, ratedLoadT: 0 }).success).toBe(false);
    expect(archiveFieldsSchema.safeParse({ ...base, ratedLoadT: 5_001 }).success).toBe(false);
    expect(archiveFieldsSchema.safeParse({ ...base, manufacturedAtMs: 2e12, installedAtMs: 1.9e12 }).error?.issues[0].path).toEqual(['installedAtMs']);
    expect(archiveFieldsSchema.safeParse({ ...base, lastInspectionMs: 2e12, nextInspectionMs: 2e12 }).error?.issues[0].path).toEqual(['nextInspectionMs']);
  });

  it('names the dimensions a kind does not record', () => {
    // every lifting kind has its archive dimensions; only some record a span or a rated moment
    for (const k of EQUIPMENT_KINDS) expect(equipmentRoleOf(k)!.archive.height).toMatch(/hookHeight|cageTravel/);
    const a = { ratedMomentKnm: 1200, maxSpanM: 60 };
    expect(archiveDimensionProblems(a, { height: 'hookHeight', span: 'jibLength', ratedMoment: true })).toEqual([]);
    expect(archiveDimensionProblems(a, { height: 'cageTravel', span: null, ratedMoment: false })).toEqual(['ratedMomentKnm', 'maxSpanM']);
    expect(archiveDimensionProblems({ ratedMomentKnm: null, maxSpanM: null }, { height: 'cageTravel', span: null, ratedMoment: false })).toEqual([]);
  });
});
