import type { FastifyInstance } from 'fastify';
import { ATTENDANCE, MAX_PEOPLE_PER_PROJECT, attendanceDayOf, attendanceWindow, personDay, type AttendanceRow, type BeaconFix } from '../../../protocol';
import { ATTENDANCE_LOOKBACK_MS, companyFigures, dayRows, liveFigures, shiftOf, type AttendanceInputs } from '../../attendance/figures';
import { findPerson, labourCompanies, gatePassesBetween, gateUsers, listPeople, saveCompanyType, saveTeamShift, teamShifts, tunnelRows } from '../../storage';
import { ApiError } from '../errors';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { parseBody } from '../validation';
import { beijingTime, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';

/** A person counts as enrolled at the gates after a pass within this many days (docs/api.md "Labour attendance"). */
export const ENROLLED_WINDOW_DAYS = 30;

/** The register, the passes of the last ATTENDANCE_LOOKBACK_MS (or of a day's window), the shifts and the beacons' fixes of a project. */
async function inputsOf(deps: HttpDeps, projectId: string, day?: string, atMs?: number): Promise<AttendanceInputs> {
  // as of a past instant (a replaying board) the gates' figures are those of that instant; the beacons' fixes
  // are only known live, so the beacon counts and discrepancies are live-only
  const nowMs = Math.min(atMs ?? Date.now(), Date.now());
  const live = nowMs > Date.now() - 60_000;
  const [people, shifts, tunnels, state] = await Promise.all([
    listPeople(deps.db, projectId, MAX_PEOPLE_PER_PROJECT),
    teamShifts(deps.db, projectId),
    tunnelRows(deps.db, projectId),
    deps.live().liveState(projectId),
  ]);
  // a given day: from the earliest window any shift may open (00:00 − 4 h) to the latest close (next day 20:00 + 24 h)
  const fromMs = day === undefined ? nowMs - ATTENDANCE_LOOKBACK_MS : attendanceWindow(day, { startMin: 0, lengthMin: 60 }).fromMs;
  const toMs = day === undefined ? nowMs + 1 : attendanceWindow(day, { startMin: 24 * 60 - 1, lengthMin: 60 }).toMs;
  const passes = await gatePassesBetween(deps.db, projectId, fromMs, toMs);
  const fixOf = (sn: string): BeaconFix | null => {
    const fix = live ? state.zones.position(sn) : undefined;
    return fix ? { tunnelId: fix.tunnelId, lastFixMs: fix.lastFixMs } : null;
  };
  return { people, passes, shifts, fixOf, tunnels: tunnels.map((t) => ({ tunnelId: t.tunnel_id, name: t.name })), nowMs };
}

/** The day's sheet, filtered (attendance/day and attendance/export). */
async function filteredDay(deps: HttpDeps, body: { projectId: string; day?: string; company?: string; team?: string; status?: AttendanceRow['status'] }): Promise<AttendanceRow[]> {
  const rows = dayRows(await inputsOf(deps, body.projectId, body.day), body.day);
  return rows.filter((r) => (!body.company || r.company === body.company) && (!body.team || r.team === body.team) && (!body.status || r.status === body.status));
}

const STATUS_TEXT: Record<AttendanceRow['status'], string> = { notDue: 'not due yet', absent: 'absent', onTime: 'on time', late: 'late' };

/** Columns of the attendance export (English headers, like the other exports). */
const EXPORT_COLUMNS: Array<ExportColumn<AttendanceRow>> = [
  { header: 'Attendance day', width: 12, cell: (r) => r.day },
  { header: 'Name', width: 16, cell: (r) => r.name },
  { header: 'Company', width: 28, cell: (r) => r.company },
  { header: 'Team', width: 16, cell: (r) => r.team },
  { header: 'Shift start (Beijing time)', width: 20, cell: (r) => beijingTime(r.shiftStartMs) },
  { header: 'First in (Beijing time)', width: 20, cell: (r) => beijingTime(r.firstInMs) },
  { header: 'Last out (Beijing time)', width: 20, cell: (r) => beijingTime(r.lastOutMs) },
  { header: 'Hours on site', width: 12, cell: (r) => r.hoursOnSite },
  { header: 'Status', width: 12, cell: (r) => STATUS_TEXT[r.status] },
  { header: 'Late (min)', width: 10, cell: (r) => (r.status === 'late' ? r.lateMin : null) },
  { header: 'Out-pass missing', width: 14, cell: (r) => (r.missingOut ? 'yes' : '') },
];

/**
 * Labour attendance (docs/api.md "Labour attendance"). Viewing is for members with `people.view`; a
 * team's shift and a company's type are set by administrators (`zone.edit`, like the person register).
 */
export function registerAttendanceRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ATTENDANCE.live, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return liveFigures(await inputsOf(deps, body.projectId, undefined, body.atMs));
  });

  route(app, deps, ATTENDANCE.companies, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const inputs = await inputsOf(deps, body.projectId, undefined, body.atMs);
    const [types, enrolled] = await Promise.all([labourCompanies(db, body.projectId), gateUsers(db, body.projectId, inputs.nowMs - ENROLLED_WINDOW_DAYS * 86_400_000)]);
    return companyFigures(inputs, types, new Set(enrolled));
  });

  route(app, deps, ATTENDANCE.day, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const list = await filteredDay(deps, body);
    return { total: list.length, list };
  });

  // attendance/export: the file itself (not an envelope), the same rows as attendance/day (server/http/tableExport.ts)
  rawRoute(app, ATTENDANCE.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(ATTENDANCE.export.body, req.body);
    requireMember(user, body.projectId);
    const list = await filteredDay(deps, body);
    return sendTableExport(req, reply, { format: 'xlsx', fileName: stampedFileName(`attendance-${body.projectId}`, 'xlsx'), sheetName: 'Attendance', columns: EXPORT_COLUMNS, pages: async function* () { yield list; } });
  });

  route(app, deps, ATTENDANCE.person, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const person = await findPerson(db, body.projectId, { personId: body.personId });
    if (!person) throw new ApiError('NOT_FOUND', 'No such person');
    const nowMs = Date.now();
    const shift = shiftOf(await teamShifts(db, body.projectId), person.company, person.team);
    const day = body.day ?? attendanceDayOf(nowMs, shift);
    const w = attendanceWindow(day, shift);
    const passes = await gatePassesBetween(db, body.projectId, w.fromMs, w.toMs, person.personId);
    return {
      personId: person.personId,
      name: person.name,
      company: person.company,
      team: person.team,
      shift,
      day: personDay(passes, shift, day, nowMs),
      passes: passes.map((p) => ({ gateSn: p.gateSn, gateName: p.gateName, tunnelId: p.tunnelId, direction: p.direction, tsMs: p.tsMs })),
    };
  });

  route(app, deps, ATTENDANCE.teamShift, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await saveTeamShift(db, body.projectId, body.company, body.team, body.shift);
    return null;
  });

  route(app, deps, ATTENDANCE.companyType, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await saveCompanyType(db, body.projectId, body.company, body.enterpriseType, body);
    return null;
  });
}
