import { describe, expect, it } from 'vitest';
import { zoneFieldsOf } from './ZonesScreen';

const FORM = {
  name: 'Lining carriage',
  kind: 'work' as const,
  tunnelId: 'LK',
  fromM: '480',
  toM: '520',
  entryAlarm: false,
  authorizedTeams: '',
  maxStayMin: '',
  maxHeadcount: '',
  noMovementMin: '',
  signalLostS: '',
  gatheringAllowed: false,
  assignedTeams: '',
};

describe('zone form', () => {
  it('reads gathering allowed and the teams whose work area it is (either comma), empty rules off', () => {
    const r = zoneFieldsOf({ ...FORM, gatheringAllowed: true, assignedTeams: 'Lining team，Survey team, ' });
    expect(r).toEqual({ ok: true, zone: expect.objectContaining({ gatheringAllowed: true, assignedTeams: ['Lining team', 'Survey team'], maxStayMin: null }) });
    expect(zoneFieldsOf(FORM)).toMatchObject({ ok: true, zone: { gatheringAllowed: false, assignedTeams: [] } });
  });

  it('names the field of the first error', () => {
    const r = zoneFieldsOf({ ...FORM, toM: '400' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^toM: .*greater than fromM/);
  });
});
