import { describe, expect, it } from 'vitest';
import type { SprayAction } from '../../protocol';
import { LinkageRule } from './linkage';

const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);
const min = (m: number) => T0 + m * 60_000;

/** Feeds one reading a minute and keeps the cannon's state as the commands leave it, like the service does. */
function run(rule: LinkageRule, values: number[], toldOn = false): Array<SprayAction | null> {
  let on = toldOn;
  return values.map((v, i) => {
    const a = rule.reading(v, min(i), on);
    if (a) on = a === 'on';
    return a;
  });
}

describe('spray linkage rule', () => {
  const linkage = { stationSn: 'ENV-1', metric: 'pm10' as const, onAbove: 150, holdS: 600 };

  it('switches on at the first reading over the limit, once', () => {
    expect(run(new LinkageRule(linkage), [120, 150, 151, 180, 200])).toEqual([null, null, 'on', null, null]);
  });

  it('switches off only after the readings stayed at or under the limit for the hold time', () => {
    // on at minute 0; under the limit from minute 1; the hold of 10 min ends at minute 11
    const actions = run(new LinkageRule(linkage), [160, ...Array(12).fill(100)]);
    expect(actions.indexOf('off')).toBe(11);
    expect(actions.filter((a) => a !== null)).toEqual(['on', 'off']);
  });

  it('does not flap on a value hovering at the limit: a reading over it restarts the hold', () => {
    const hovering = [151, 149, 151, 149, 151, 149, 151, 149, 151, 149, 151, 149, 151, 149];
    expect(run(new LinkageRule(linkage), hovering).filter((a) => a !== null)).toEqual(['on']);
  });

  it('asks for nothing while the cannon is off and the air is clean, and never sends off twice', () => {
    const rule = new LinkageRule(linkage);
    expect(run(rule, Array(20).fill(50))).toEqual(Array(20).fill(null));
    expect(rule.reading(50, min(30), false)).toBeNull();
  });

  it('switches a cannon switched on by hand off after the hold, and one switched off by hand on again when the dust is high', () => {
    const rule = new LinkageRule(linkage);
    // told on by hand, then set back to automatic in clean air
    expect(run(rule, Array(11).fill(60), true).filter((a) => a !== null)).toEqual(['off']);
    rule.reset();
    expect(rule.reading(300, min(40), false)).toBe('on');
  });

  it('restarts the hold when its configuration changes; a hold of 0 switches off at the first clean reading', () => {
    const rule = new LinkageRule(linkage);
    expect(rule.reading(100, min(0), true)).toBeNull();
    rule.config = { ...linkage, holdS: 0 };
    expect(rule.reading(100, min(9), true)).toBe('off');
  });
});
