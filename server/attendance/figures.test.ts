import { describe, expect, it } from 'vitest';
import { beijingMidnightOf, NO_IDENTITY, type BeaconFix, type GatePass, type Person } from '../../protocol';
import { companyFigures, liveFigures, type AttendanceInputs } from './figures';

const H = 3_600_000;
const D0 = beijingMidnightOf('2026-11-26');
const NOW = D0 + 10 * H;

const person = (personId: string, company: string, team: string, beaconSn: string | null): Person => ({ personId, projectId: 'p', name: personId, beaconSn, company, team, workType: '', phone: '', ...NO_IDENTITY, updatedAtMs: 0 });
const pass = (personId: string, direction: 'in' | 'out', tsMs: number, tunnelId: string | null = null): GatePass => ({ personId, gateSn: tunnelId ? `G-${tunnelId}` : 'G-SITE', tunnelId, direction, tsMs });

function inputs(passes: GatePass[], fixes: Record<string, BeaconFix>): AttendanceInputs {
  return {
    people: [person('A', 'Yunling', 'Drilling team', 'B-A'), person('B', 'Yunling', 'Drilling night team', 'B-B'), person('C', 'Hengtai', 'Mucking team', 'B-C')],
    passes,
    shifts: new Map([['Yunling\u0000Drilling night team', { startMin: 19 * 60, lengthMin: 720, lateGraceMin: 10 }]]),
    fixOf: (sn) => fixes[sn] ?? null,
    tunnels: [
      { tunnelId: 'LK', name: 'Left bore' },
      { tunnelId: 'RK', name: 'Right bore' },
    ],
    nowMs: NOW,
  };
}

describe('attendance figures', () => {
  const passes = [
    pass('A', 'in', D0 + 6.6 * H),
    pass('A', 'in', D0 + 6.8 * H, 'LK'),
    pass('C', 'in', D0 + 7.5 * H),
    pass('X-9', 'in', D0 + 8 * H),
    pass('X-9', 'in', D0 + 8.1 * H),
  ];
  const fixes = { 'B-A': { tunnelId: 'LK', lastFixMs: NOW - 2_000 }, 'B-C': { tunnelId: 'RK', lastFixMs: NOW - 3_000 } };

  it('counts on site and per bore by the gates and by the beacons, today, and unknown faces', () => {
    const live = liveFigures(inputs(passes, fixes));
    // A, C and the unknown X-9 are in through the site gate
    expect(live.onSite).toBe(3);
    expect(live.bores).toEqual([
      { tunnelId: 'LK', name: 'Left bore', byGates: 1, byBeacons: 1 },
      { tunnelId: 'RK', name: 'Right bore', byGates: 0, byBeacons: 1 },
    ]);
    // A on time, C late; at 10:00 B's current day is the night shift that started at 19:00 yesterday: absent
    expect(live).toMatchObject({ registered: 3, presentToday: 2, late: 1, absent: 1, unknownPasses: 2, unknownPeople: 1 });
    // C's beacon is in the right bore without a portal pass
    expect(live.discrepancies).toEqual([{ personId: 'C', kind: 'beaconWithoutGate', tunnelId: 'RK', sinceMs: NOW - 3_000, name: 'C', company: 'Hengtai', team: 'Mucking team' }]);
    expect(live.discrepancyCount).toBe(1);
  });

  it("gives each company's teams, people, enrolled and present with the rate, and `other` for an unset type", () => {
    const records = new Map([
      ['Yunling', { enterpriseType: 'labourSubcontractor', contactName: 'Wang Fang', contactPhone: '13812345678' }],
      ['Hengtai', { enterpriseType: 'no such type', contactName: '', contactPhone: '' }],
    ]);
    const companies = companyFigures(inputs(passes, fixes), records, new Set(['A', 'B']));
    expect(companies.map((c) => [c.company, c.enterpriseType, c.contactName, c.contactPhone, c.groupCount, c.personCount, c.registeredCount, c.attendanceCount, c.rate])).toEqual([
      ['Hengtai', 'other', '', '', 1, 1, 0, 1, 100],
      ['Yunling', 'labourSubcontractor', 'Wang Fang', '13812345678', 2, 2, 2, 1, 50],
    ]);
    const night = companies[1].teams.find((t) => t.team === 'Drilling night team')!;
    expect(night).toMatchObject({ shift: { startMin: 1140, lengthMin: 720 }, day: '2026-11-25', personCount: 1, attendanceCount: 0, absent: 1 });
  });
});
