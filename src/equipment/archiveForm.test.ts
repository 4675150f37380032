import { describe, expect, it } from 'vitest';
import { beijingMidnightOf, equipmentRoleOf, type ArchiveDimensions } from '../../protocol';
import { archiveDraft, archiveFieldsOf, archiveProblems } from './archiveForm';

const crane = equipmentRoleOf('towerCrane')!.archive;
const elevator = equipmentRoleOf('constructionElevator')!.archive;

describe('archive form', () => {
  it('reads dates as Beijing days and numbers with a decimal comma', () => {
    const d = { ...archiveDraft(null), model: 'TC6013', maker: 'Zoomlion', installedAtMs: '2025-09-10', ratedLoadT: '6,5', ratedMomentKnm: '1250' };
    expect(archiveFieldsOf(d, crane)).toMatchObject({ installedAtMs: beijingMidnightOf('2025-09-10'), ratedLoadT: 6.5, ratedMomentKnm: 1250, maxSpanM: null, serialNo: '' });
    expect(archiveProblems(d, crane)).toEqual({});
  });

  it('round-trips a recorded archive', () => {
    const d = { ...archiveDraft(null), model: 'SC200', maker: 'Baoda', lastInspectionMs: '2025-01-02', maxHeightM: '150' };
    const fields = archiveFieldsOf(d, elevator);
    const back = archiveDraft({ ...(fields as Record<string, unknown>), documents: [], files: { inspectionReport: [], registrationCertificate: [], photos: [] } } as never);
    expect(back).toEqual(d);
  });

  it('names each refused field with its problem', () => {
    const d = { ...archiveDraft(null), model: ' ', maker: 'Baoda', manufacturedAtMs: '2025-13-40', lastInspectionMs: '2025-05-01', nextInspectionMs: '2025-04-01', ratedLoadT: 'ten', maxHeightM: '-3' };
    expect(archiveProblems(d, elevator)).toEqual({ model: 'required', manufacturedAtMs: 'date', ratedLoadT: 'number', maxHeightM: 'range' });
    // the order of the dates is judged once each is a date
    const ordered = { ...d, model: 'SC200', manufacturedAtMs: '', ratedLoadT: '', maxHeightM: '' };
    expect(archiveProblems(ordered, elevator)).toEqual({ nextInspectionMs: 'order' });
  });

  it('sends a dimension the kind does not record as empty', () => {
    const d = { ...archiveDraft(null), model: 'SC200', maker: 'Baoda', maxSpanM: '12', ratedMomentKnm: '99' };
    const none: ArchiveDimensions = { height: 'cageTravel', span: null, ratedMoment: false };
    expect(archiveFieldsOf(d, none)).toMatchObject({ maxSpanM: null, ratedMomentKnm: null });
  });
});
