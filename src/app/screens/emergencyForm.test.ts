import { describe, expect, it } from 'vitest';
import { emergencyFieldsSchema, type EmergencyRecord } from '../../../protocol';
import { draftProblems, emergencyDraft, emergencyFieldsOf } from './emergencyForm';

const point: EmergencyRecord = { register: 'supplyPoint', recordId: 4, updatedAtMs: 1, updatedBy: 'admin', name: 'Depot 2', tunnelId: 'LK', chainageM: 13_450, contact: 'Wang Wei', phone: '138 0000 0000', note: 'stretchers' };

describe('emergency record form', () => {
  it('shows a supply point chainage as K13+450 and saves it back as metres', () => {
    const d = emergencyDraft('supplyPoint', point);
    expect(d.text.chainageM).toBe('K13+450');
    const fields = emergencyFieldsOf({ ...d, text: { ...d.text, chainageM: 'DK13+460.5' } });
    expect(emergencyFieldsSchema.parse(fields)).toMatchObject({ register: 'supplyPoint', tunnelId: 'LK', chainageM: 13_460.5, name: 'Depot 2' });
  });

  it('names the fields that are wrong: a chainage not written K13+450, a missing name, a bad phone', () => {
    const d = emergencyDraft('supplyPoint', null, 'RK');
    expect(d.text.tunnelId).toBe('RK');
    const problems = draftProblems({ ...d, text: { ...d.text, chainageM: '13450', contact: 'Li', phone: 'call me' } });
    expect(problems).toEqual({ name: 'required', chainageM: 'chainage', phone: 'phone' });
  });

  it('reads a material quantity with a comma and refuses one that is no number', () => {
    const d = emergencyDraft('material', null);
    const ok = { ...d, text: { species: 'Sandbags', quantity: '12,5', unit: 'bag', section: 'LK portal' } };
    expect(draftProblems(ok)).toEqual({});
    expect(emergencyFieldsOf(ok)).toMatchObject({ quantity: 12.5 });
    expect(draftProblems({ ...ok, text: { ...ok.text, quantity: 'many' } })).toEqual({ quantity: 'number' });
  });

  it("keeps a plan's contacts, leaves blank rows out and names a contact's bad phone", () => {
    const d = emergencyDraft('plan', null);
    const draft = { ...d, text: { ...d.text, name: 'Collapse plan', leader: 'Zhao', leaderPhone: '139-1234-5678' }, contacts: [{ name: 'Qian', duty: 'medic', phone: 'x' }, { name: '', duty: '', phone: '' }] };
    expect(draftProblems(draft)).toEqual({ 'contacts.0.phone': 'phone' });
    const fixed = { ...draft, contacts: [{ name: 'Qian', duty: 'medic', phone: '120' }, { name: ' ', duty: '', phone: '' }] };
    expect(draftProblems(fixed)).toEqual({});
    expect(emergencyFieldsOf(fixed)).toMatchObject({ contacts: [{ name: 'Qian', duty: 'medic', phone: '120' }] });
  });
});
