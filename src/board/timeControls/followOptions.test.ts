import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../protocol';
import { followOptions } from './followOptions';

const beacon = (sn: string, name: string, position: string): DeviceInfo => ({ sn, kind: 'beacon', name, position, tunnelId: 'LK', reportPeriodS: 1, status: 'online', lastSeenMs: 0, latest: null, thresholds: [] });
const people = [beacon('BC0002', 'Wang Fang', 'Mucking team, LK-E'), beacon('BC0001', 'Zhang Wei', 'Drilling team, LK-E'), beacon('BC0107', 'Zhang Wei', 'Support team, RK-X'), beacon('BC0009', '', 'Drilling team, RK-E')];

describe('followOptions', () => {
  it('tells two people of one name apart by their beacon and shows team and beacon beneath', () => {
    const { options } = followOptions(people, '');
    expect(options.map((o) => o.label)).toEqual(['BC0009', 'Wang Fang', 'Zhang Wei (BC0001)', 'Zhang Wei (BC0107)']);
    expect(options[1].detail).toBe('Mucking team, LK-E · BC0002');
  });

  it('finds people by name, beacon or team, ignoring case', () => {
    expect(followOptions(people, 'zhang').options.map((o) => o.sn)).toEqual(['BC0001', 'BC0107']);
    expect(followOptions(people, 'bc0107').options.map((o) => o.sn)).toEqual(['BC0107']);
    expect(followOptions(people, 'DRILLING').options.map((o) => o.sn)).toEqual(['BC0009', 'BC0001']);
    expect(followOptions(people, 'nobody here').options).toEqual([]);
  });

  it('lists at most `max` and says how many matched', () => {
    const many = Array.from({ length: 120 }, (_, i) => beacon(`BC${String(i).padStart(4, '0')}`, `Worker ${i}`, 'Team'));
    const { options, matched } = followOptions(many, 'worker', 50);
    expect(options).toHaveLength(50);
    expect(matched).toBe(120);
  });
});
