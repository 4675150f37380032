import { describe, expect, it } from 'vitest';
import { inspectionFieldsSchema } from '../../../protocol';
import { inspectionFieldsOf, inspectionProblems, newInspectionDraft } from './inspectionForm';

// 2026-03-01 20:00 UTC is 2026-03-02 04:00 in Beijing
const NOW = Date.UTC(2026, 2, 1, 20, 0);

describe('new inspection form', () => {
  it('starts found today in Beijing with the deadline a week later', () => {
    expect(newInspectionDraft(NOW)).toMatchObject({ foundOn: '2026-03-02', deadline: '2026-03-09', tunnelId: '', chainage: '' });
  });

  it('sends a bore with its chainage read from K13+450, or a place without one', () => {
    const d = { ...newInspectionDraft(NOW), issue: 'Rebar spacing', company: 'Tunnel Co.' };
    const inBore = inspectionFieldsOf({ ...d, tunnelId: 'LK', chainage: 'K13+450' });
    expect(inspectionFieldsSchema.parse(inBore)).toMatchObject({ tunnelId: 'LK', chainageM: 13_450 });
    // a chainage typed before the bore was unset is not sent
    expect(inspectionFieldsOf({ ...d, chainage: 'K1+000', place: 'Batching plant' })).toMatchObject({ tunnelId: null, chainageM: null, place: 'Batching plant' });
  });

  it('names each refused field with the schema rules: required, chainage, a place, the deadline order', () => {
    const d = newInspectionDraft(NOW);
    expect(inspectionProblems(d)).toEqual({ issue: 'required', company: 'required', place: 'where' });
    const filled = { ...d, issue: 'No guard rail', company: 'Steel Co.' };
    expect(inspectionProblems({ ...filled, tunnelId: 'LK', chainage: '13450' })).toEqual({ chainage: 'chainage' });
    expect(inspectionProblems({ ...filled, place: 'Portal', deadline: '2026-03-01' })).toEqual({ deadline: 'deadline' });
    expect(inspectionProblems({ ...filled, place: 'Portal', foundOn: '2026-02-30' })).toMatchObject({ foundOn: 'date' });
    expect(inspectionProblems({ ...filled, place: 'Portal' })).toEqual({});
  });
});
