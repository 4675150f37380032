import type { FastifyInstance } from 'fastify';
import {
  beijingDayStart,
  EQUIPMENT_KINDS,
  EQUIPMENT,
  equipmentRoleOf,
  MAX_ATTENDANCE_ENTRIES,
  MAX_WORK_RECORD_EXPORT_ROWS,
} from '../../../protocol';
import { attendanceRows, deviceKindOf, devicesOfKinds, driverRows, driversOnDuty, shiftsAt, workRecordSpans, workRecordsBefore } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { beijingTime, keysetPages, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** Columns of the work-record export: header and cell of each. Times Beijing (UTC+8). */
const EXPORT_COLUMNS: Array<ExportColumn<ExportRow>> = [
  { header: 'Record', width: 10, cell: (r) => Number(r.record_id) },
  { header: 'Device', width: 14, cell: (r) => r.device_sn },
  { header: 'Started (UTC+8)', width: 20, cell: (r) => beijingTime(r.started_at_ms) },
  { header: 'Ended (UTC+8)', width: 20, cell: (r) => beijingTime(r.ended_at_ms) },
  { header: 'Duration (s)', width: 12, cell: (r) => r.duration_s },
  { header: 'Peak load (t)', width: 14, cell: (r) => r.peak_load_t },
  { header: 'Peak moment (% of rated)', width: 24, cell: (r) => r.peak_moment_pct },
  { header: 'Alarms during the lift', width: 20, cell: (r) => Number(r.alarms_during ?? 0) },
];

/**
 * Columns of a construction elevator's export (its records are trips, docs/api.md "Work records"): the
 * cage and floors after the device, the peak load share instead of the moment (an elevator has none).
 */
const ELEVATOR_EXPORT_COLUMNS: typeof EXPORT_COLUMNS = [
  ...EXPORT_COLUMNS.slice(0, 2),
  { header: 'Cage', width: 8, cell: (r) => r.cage ?? '' },
  { header: 'From floor', width: 11, cell: (r) => r.start_floor ?? '' },
  { header: 'To floor', width: 11, cell: (r) => r.end_floor ?? '' },
  ...EXPORT_COLUMNS.slice(2, 6),
  { header: 'Peak load (% of rated)', width: 22, cell: (r) => r.peak_moment_pct },
  { header: 'Alarms during the trip', width: 20, cell: (r) => Number(r.alarms_during ?? 0) },
];

interface ExportRow {
  record_id: number;
  device_sn: string;
  started_at_ms: number;
  ended_at_ms: number;
  duration_s: number;
  peak_load_t: number;
  peak_moment_pct: number;
  cage: string | null;
  start_floor: number | null;
  end_floor: number | null;
  alarms_during: number | string | bigint | null;
}

/** Hours between two instants, 2 decimals. */
function hoursBetween(fromMs: number, toMs: number): number {
  return Math.round(((toMs - fromMs) / 3_600_000) * 100) / 100;
}

/**
 * equipment/drivers, attendance and fleet, and work/export (the archive: ./equipmentArchive.ts) (protocol/equipment.ts, docs/api.md
 * "Equipment"). All read-only, for members of the project (intended role: any member, viewer upwards).
 * A device that is not in the project is NOT_FOUND.
 */
export function registerEquipmentRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  /** @returns the device's kind @throws ApiError NOT_FOUND when `sn` is not a device of `projectId` */
  async function requireDevice(projectId: string, sn: string): Promise<string> {
    const kind = await deviceKindOf(db, projectId, sn);
    if (kind === undefined) throw new ApiError('NOT_FOUND', `device ${sn} is not in project ${projectId}`);
    return kind;
  }

  /** Drivers of a device and who is on duty at `atMs` (intended role: member). */
  route(app, deps, EQUIPMENT.drivers, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await requireDevice(body.projectId, body.sn);
    const atMs = body.atMs ?? Date.now();
    const [drivers, shifts] = await Promise.all([
      driverRows(db, body.projectId, body.sn),
      shiftsAt(db, body.projectId, body.sn, atMs),
    ]);
    const onDuty = new Map(shifts.map((s) => [s.driver_id, s.clock_in_ms]));
    const list = drivers.map((d) => ({
      driverId: d.driver_id,
      name: d.name,
      cardNo: d.card_no,
      certificateNo: d.certificate_no,
      certificateExpiryMs: d.certificate_expiry_ms,
      phone: d.phone,
      onDuty: onDuty.has(d.driver_id),
      clockInMs: onDuty.get(d.driver_id) ?? null,
    }));
    list.sort((a, b) => Number(b.onDuty) - Number(a.onDuty));
    return { sn: body.sn, atMs, drivers: list };
  });

  /** Shifts of a device's drivers overlapping a range (intended role: member). */
  route(app, deps, EQUIPMENT.attendance, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await requireDevice(body.projectId, body.sn);
    const rows = await attendanceRows(db, body, MAX_ATTENDANCE_ENTRIES + 1);
    const truncated = rows.length > MAX_ATTENDANCE_ENTRIES;
    const now = Date.now();
    const entries = rows.slice(0, MAX_ATTENDANCE_ENTRIES).map((r) => ({
      attendanceId: Number(r.attendance_id),
      driverId: r.driver_id,
      driverName: r.name,
      clockInMs: r.clock_in_ms,
      clockOutMs: r.clock_out_ms,
      hours: hoursBetween(r.clock_in_ms, Math.min(r.clock_out_ms ?? now, Math.max(body.toMs, r.clock_in_ms))),
    }));
    const totals = new Map<string, { driverId: string; driverName: string; shifts: number; hours: number }>();
    for (const e of entries) {
      const t = totals.get(e.driverId) ?? { driverId: e.driverId, driverName: e.driverName, shifts: 0, hours: 0 };
      t.shifts += 1;
      t.hours = Math.round((t.hours + e.hours) * 100) / 100;
      totals.set(e.driverId, t);
    }
    return { sn: body.sn, fromMs: body.fromMs, toMs: body.toMs, entries, totals: [...totals.values()], truncated };
  });

  /** The fleet summary: driver on duty and utilisation today per piece of equipment (intended role: member). */
  route(app, deps, EQUIPMENT.fleet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const atMs = body.atMs ?? Date.now();
    const dayStartMs = beijingDayStart(atMs);
    const [devices, onDuty, records] = await Promise.all([
      devicesOfKinds(db, body.projectId, EQUIPMENT_KINDS),
      driversOnDuty(db, body.projectId, atMs),
      workRecordSpans(db, body.projectId, dayStartMs, atMs),
    ]);
    const driverOf = new Map<string, string>();
    for (const r of onDuty) driverOf.set(r.device_sn, r.name);
    const busyMs = new Map<string, number>();
    const lifts = new Map<string, number>();
    for (const r of records) {
      const from = Math.max(r.started_at_ms, dayStartMs);
      const to = Math.min(r.ended_at_ms, atMs);
      if (to > from) busyMs.set(r.device_sn, (busyMs.get(r.device_sn) ?? 0) + (to - from));
      if (r.started_at_ms >= dayStartMs) lifts.set(r.device_sn, (lifts.get(r.device_sn) ?? 0) + 1);
    }
    const elapsed = Math.max(1, atMs - dayStartMs);
    return {
      atMs,
      dayStartMs,
      entries: devices.map((d) => ({
        sn: d.sn,
        kind: d.kind,
        name: d.name,
        driverName: driverOf.get(d.sn) ?? null,
        utilisationPct: Math.min(100, Math.round(((busyMs.get(d.sn) ?? 0) / elapsed) * 10_000) / 100),
        lifts: lifts.get(d.sn) ?? 0,
      })),
    };
  });

  // The file itself (not an envelope): a device's work records, newest first, at most
  // MAX_WORK_RECORD_EXPORT_ROWS; xlsx by exceljs' streaming writer, or CSV (UTF-8 with BOM).
  rawRoute(app, EQUIPMENT.workRecordExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(EQUIPMENT.workRecordExport.body, req.body);
    requireMember(user, body.projectId);
    const columns = equipmentRoleOf(await requireDevice(body.projectId, body.sn))?.workRecords.by === 'cageTrip' ? ELEVATOR_EXPORT_COLUMNS : EXPORT_COLUMNS;
    const fileName = stampedFileName(`work-records-${body.sn}`, body.format);
    const pages = keysetPages(
      (before: { startedAtMs: number; recordId: number } | null, limit) => workRecordsBefore(db, body.projectId, body.sn, before, limit),
      (r: ExportRow) => ({ startedAtMs: r.started_at_ms, recordId: Number(r.record_id) }),
      MAX_WORK_RECORD_EXPORT_ROWS,
    );

    return sendTableExport(req, reply, { format: body.format, fileName, sheetName: 'Work records', columns, pages });
  });
}
