import { describe, expect, it } from 'vitest';
import { formOf, withSpan, zoneFieldsOf, type ZoneForm } from './ZonesScreen';
import { dragSpan } from '../../components/tunnel/zoneDrag';

/** The left bore as the form sees it: entry portal at K12+000, 3.2 km long. */
const BORE = { startChainageM: 12_000, lengthM: 3_200 };

const FORM: ZoneForm = {
  name: 'Lining carriage',
  kind: 'work',
  tunnelId: 'LK',
  from: 'K12+480',
  to: 'K12+520',
  entryAlarm: false,
  authorizedTeams: [],
  maxStayMin: '',
  maxHeadcount: '',
  noMovementMin: '',
  signalLostS: '',
  gatheringAllowed: false,
  assignedTeams: [],
};

describe('zone form', () => {
  it('stores the written chainages as metres from the entry portal, with the teams picked', () => {
    const r = zoneFieldsOf({ ...FORM, gatheringAllowed: true, assignedTeams: ['Lining team', 'Survey team'], authorizedTeams: ['Survey team'] }, BORE);
    expect(r).toEqual({
      ok: true,
      zone: expect.objectContaining({ fromM: 480, toM: 520, gatheringAllowed: true, assignedTeams: ['Lining team', 'Survey team'], authorizedTeams: ['Survey team'], maxStayMin: null }),
    });
  });

  it('shows a stored zone back as the chainages it was written with', () => {
    const ok = zoneFieldsOf({ ...FORM, from: 'K13+630.5', to: 'K13+700' }, BORE);
    if (!ok.ok) throw new Error('refused');
    expect(ok.zone).toMatchObject({ fromM: 1_630.5, toM: 1_700 });
    expect(formOf(ok.zone, BORE)).toMatchObject({ from: 'K13+630.5', to: 'K13+700' });
  });

  it('names the end and the problem: malformed, outside the bore, end before start', () => {
    expect(zoneFieldsOf({ ...FORM, from: '480' }, BORE)).toEqual({ ok: false, error: { field: 'from', problem: 'malformed' } });
    expect(zoneFieldsOf({ ...FORM, to: 'K15+300' }, BORE)).toEqual({ ok: false, error: { field: 'to', problem: 'outsideBore' } });
    expect(zoneFieldsOf({ ...FORM, to: 'K12+400' }, BORE)).toEqual({ ok: false, error: { field: 'to', problem: 'endNotAfterStart' } });
  });

  it('names the field of the first schema error', () => {
    const r = zoneFieldsOf({ ...FORM, name: '' }, BORE);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ field: 'other', message: expect.stringMatching(/^name: /) });
  });

  it('fills the ends of a span drawn on the map, which the form then stores as drawn', () => {
    // the bore drawn from x 100 to x 1700: 2 m per px; a drag from x 450 back to x 400
    const span = dragSpan({ x0: 100, x1: 1_700, ...BORE }, 450, 400)!;
    const form = withSpan({ ...FORM, from: '', to: '' }, BORE, span);
    expect(form).toMatchObject({ from: 'K12+600', to: 'K12+700', name: FORM.name });
    expect(zoneFieldsOf(form, BORE)).toMatchObject({ ok: true, zone: { fromM: 600, toM: 700 } });
  });
});
