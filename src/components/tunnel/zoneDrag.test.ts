import { describe, expect, it } from 'vitest';
import { dragSpan, endAtX, metresAtX, moveSpanEnd, xOfMetres, type BoreAxis } from './zoneDrag';

/** The demo's left bore (entry portal K12+000, 3 200 m) drawn from x 100 to x 1700: 2 m per px. */
const BORE: BoreAxis = { x0: 100, x1: 1700, startChainageM: 12_000, lengthM: 3_200 };

describe('metresAtX', () => {
  it('maps x to metres from the entry portal, snapped to the whole metre', () => {
    expect(metresAtX(BORE, 100)).toBe(0);
    expect(metresAtX(BORE, 400)).toBe(600);
    expect(metresAtX(BORE, 400.3)).toBe(601); // 600.6 m
    expect(metresAtX(BORE, 400.2)).toBe(600); // 600.4 m
  });

  it('snaps the chainage, not the metres, when the portal is at a fraction of a metre', () => {
    const bore = { ...BORE, startChainageM: 12_000.4 };
    const m = metresAtX(bore, 400);
    expect(bore.startChainageM + m).toBe(12_600);
  });

  it('clamps to the bore: left of the entry portal is 0, right of the exit its length', () => {
    expect(metresAtX(BORE, 20)).toBe(0);
    expect(metresAtX(BORE, 5_000)).toBe(3_200);
    expect(metresAtX({ ...BORE, lengthM: 3_200.5 }, 1_700)).toBe(3_200.5);
  });

  it('is the inverse of xOfMetres on whole metres', () => {
    for (const m of [0, 1, 777, 3_200]) expect(metresAtX(BORE, xOfMetres(BORE, m))).toBe(m);
  });
});

describe('dragSpan', () => {
  it('gives the span of a drag to the right', () => {
    expect(dragSpan(BORE, 400, 450)).toEqual({ fromM: 600, toM: 700 });
  });

  it('swaps the ends of a drag to the left', () => {
    expect(dragSpan(BORE, 450, 400)).toEqual({ fromM: 600, toM: 700 });
  });

  it('clamps a drag running off the bore to its portals', () => {
    expect(dragSpan(BORE, 0, 150)).toEqual({ fromM: 0, toM: 100 });
    expect(dragSpan(BORE, 1_650, 9_999)).toEqual({ fromM: 3_100, toM: 3_200 });
  });

  it('creates nothing for a zero-length drag, nor one that snaps to one metre', () => {
    expect(dragSpan(BORE, 400, 400)).toBeNull();
    expect(dragSpan(BORE, 400, 400.2)).toBeNull();
    expect(dragSpan(BORE, 0, 50)).toBeNull(); // both left of the portal
  });
});

describe('moveSpanEnd', () => {
  const span = { fromM: 600, toM: 700 };
  it('moves one end, snapped', () => {
    expect(moveSpanEnd(BORE, span, 'to', 475.4)).toEqual({ fromM: 600, toM: 751 });
    expect(moveSpanEnd(BORE, span, 'from', 350)).toEqual({ fromM: 500, toM: 700 });
  });

  it('swaps the ends when one is dragged past the other', () => {
    expect(moveSpanEnd(BORE, span, 'from', 500)).toEqual({ fromM: 700, toM: 800 });
  });

  it('gives nothing when the ends meet', () => {
    expect(moveSpanEnd(BORE, span, 'to', 400)).toBeNull();
  });
});

describe('endAtX', () => {
  const span = { fromM: 600, toM: 700 };
  it('finds the end whose handle is under the pointer', () => {
    expect(endAtX(BORE, span, 404, 8)).toBe('from');
    expect(endAtX(BORE, span, 446, 8)).toBe('to');
    expect(endAtX(BORE, span, 425, 8)).toBeNull();
  });

  it('picks the nearer end of a short zone', () => {
    expect(endAtX(BORE, { fromM: 600, toM: 604 }, 401.5, 8)).toBe('to');
  });
});
