import {
  BEACON_FRESH_MS,
  DEFAULT_SHIFT,
  beijingDateOf,
  beijingMidnightOf,
  ENTERPRISE_TYPES,
  MAX_DISCREPANCY_ROWS,
  attendanceDayOf,
  attendanceRate,
  discrepancyOf,
  gatePresence,
  personDay,
  type AttendanceLive,
  type AttendanceRow,
  type BeaconFix,
  type CompanyAttendance,
  type DiscrepancyRow,
  type EnterpriseType,
  type GatePass,
  type Person,
  type TeamShift,
} from '../../protocol';

/**
 * The labour attendance figures (docs/domain.md "Labour attendance"), computed per request from the
 * register, the stored passes, the teams' shifts and the beacons' last fixes: pure functions over what the
 * routes read (server/http/routes/attendance.ts).
 */

/** What the figures are computed from. */
export interface AttendanceInputs {
  people: readonly Person[];
  /** Passes of the last ATTENDANCE_LOOKBACK_MS, any order. */
  passes: readonly GatePass[];
  /** Team shifts keyed by teamShiftKey (storage); a team without one works DEFAULT_SHIFT. */
  shifts: ReadonlyMap<string, TeamShift>;
  /** The last fix of a beacon by sn (null or absent: none). */
  fixOf(beaconSn: string): BeaconFix | null;
  tunnels: ReadonlyArray<{ tunnelId: string; name: string }>;
  nowMs: number;
}

/**
 * How far back the routes read passes: the current attendance day of any shift opened at most 24 h ago and
 * the on-site rule looks back ON_SITE_MAX_MS (16 h); 48 h covers both with a day to spare.
 */
export const ATTENDANCE_LOOKBACK_MS = 48 * 3_600_000;

/** A team's shift: the one set for it, else DEFAULT_SHIFT. */
export function shiftOf(shifts: ReadonlyMap<string, TeamShift>, company: string, team: string): TeamShift {
  return shifts.get(`${company}\u0000${team}`) ?? DEFAULT_SHIFT;
}

/** The passes grouped by person id. */
export function passesByPerson(passes: readonly GatePass[]): Map<string, GatePass[]> {
  const out = new Map<string, GatePass[]>();
  for (const p of passes) {
    const list = out.get(p.personId);
    if (list) list.push(p);
    else out.set(p.personId, [p]);
  }
  return out;
}

/**
 * Each registered person's attendance day: `day` when given, else their team's current attendance day at
 * `nowMs`. Sorted by company, team and name.
 */
export function dayRows(inputs: AttendanceInputs, day?: string): AttendanceRow[] {
  const byPerson = passesByPerson(inputs.passes);
  return inputs.people
    .map((p) => {
      const shift = shiftOf(inputs.shifts, p.company, p.team);
      const d = personDay(byPerson.get(p.personId) ?? [], shift, day ?? attendanceDayOf(inputs.nowMs, shift), inputs.nowMs);
      return { personId: p.personId, name: p.name, company: p.company, team: p.team, ...d };
    })
    .sort((a, b) => a.company.localeCompare(b.company) || a.team.localeCompare(b.team) || a.name.localeCompare(b.name));
}

/** The live labour figures at `nowMs` (attendance/live). */
export function liveFigures(inputs: AttendanceInputs): AttendanceLive {
  const { nowMs } = inputs;
  const byPerson = passesByPerson(inputs.passes);
  const bores = new Map(inputs.tunnels.map((t) => [t.tunnelId, { tunnelId: t.tunnelId, name: t.name, byGates: 0, byBeacons: 0 }]));
  const registered = new Map(inputs.people.map((p) => [p.personId, p]));
  let onSite = 0;
  // everyone the gates know, registered or not, is counted where the gates put them
  for (const passes of byPerson.values()) {
    const presence = gatePresence(passes, nowMs);
    if (presence.onSite) onSite += 1;
    if (presence.tunnelId !== null) {
      const b = bores.get(presence.tunnelId);
      if (b) b.byGates += 1;
    }
  }
  const discrepancies: DiscrepancyRow[] = [];
  for (const p of inputs.people) {
    const fix = p.beaconSn ? inputs.fixOf(p.beaconSn) : null;
    const presence = gatePresence(byPerson.get(p.personId) ?? [], nowMs);
    if (fix && nowMs - fix.lastFixMs <= BEACON_FRESH_MS && fix.lastFixMs > (presence.lastOutMs ?? -Infinity)) {
      const b = bores.get(fix.tunnelId);
      if (b) b.byBeacons += 1;
    }
    const d = discrepancyOf(p.personId, presence, fix, nowMs);
    if (d) discrepancies.push({ ...d, name: p.name, company: p.company, team: p.team });
  }
  discrepancies.sort((a, b) => a.sinceMs - b.sinceMs);
  const rows = dayRows(inputs);
  // unknown faces: passes today (Beijing date) by ids the register does not know
  const todayStart = beijingMidnightOf(beijingDateOf(nowMs));
  const unknown = inputs.passes.filter((p) => p.tsMs >= todayStart && !registered.has(p.personId));
  return {
    atMs: nowMs,
    onSite,
    bores: [...bores.values()],
    registered: inputs.people.length,
    presentToday: rows.filter((r) => r.firstInMs !== null).length,
    late: rows.filter((r) => r.status === 'late').length,
    absent: rows.filter((r) => r.status === 'absent').length,
    unknownPasses: unknown.length,
    unknownPeople: new Set(unknown.map((p) => p.personId)).size,
    discrepancyCount: discrepancies.length,
    discrepancies: discrepancies.slice(0, MAX_DISCREPANCY_ROWS),
  };
}

/**
 * The cooperating companies' attendance today (attendance/companies): per company its enterprise type
 * (`other` when none is set), contact ('' when none is set), teams, people, people enrolled at the gates (`enrolled`: ids that passed a
 * gate recently), present today and rate; per team its shift and counts. By company name.
 */
export function companyFigures(inputs: AttendanceInputs, records: ReadonlyMap<string, { enterpriseType: string; contactName: string; contactPhone: string }>, enrolled: ReadonlySet<string>): CompanyAttendance[] {
  const rows = dayRows(inputs);
  const companies = new Map<string, AttendanceRow[]>();
  for (const r of rows) companies.set(r.company, [...(companies.get(r.company) ?? []), r]);
  return [...companies]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([company, people]) => {
      const teams = new Map<string, AttendanceRow[]>();
      for (const r of people) teams.set(r.team, [...(teams.get(r.team) ?? []), r]);
      const present = people.filter((r) => r.firstInMs !== null).length;
      const record = records.get(company);
      const type = record?.enterpriseType;
      return {
        company,
        enterpriseType: (ENTERPRISE_TYPES as readonly string[]).includes(type ?? '') ? (type as EnterpriseType) : 'other',
        contactName: record?.contactName ?? '',
        contactPhone: record?.contactPhone ?? '',
        groupCount: teams.size,
        personCount: people.length,
        registeredCount: people.filter((r) => enrolled.has(r.personId)).length,
        attendanceCount: present,
        rate: attendanceRate(present, people.length),
        teams: [...teams].map(([team, members]) => {
          const shift = shiftOf(inputs.shifts, company, team);
          const here = members.filter((r) => r.firstInMs !== null).length;
          return {
            team,
            shift,
            day: attendanceDayOf(inputs.nowMs, shift),
            personCount: members.length,
            attendanceCount: here,
            late: members.filter((r) => r.status === 'late').length,
            absent: members.filter((r) => r.status === 'absent').length,
            onSite: members.filter((r) => r.onSite).length,
            rate: attendanceRate(here, members.length),
          };
        }),
      };
    });
}
