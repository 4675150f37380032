import { newAlarmDraft } from '../rules/newAlarm';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { certificateStatus, CLOCK_IN_ALARM_METRICS, isEquipmentKind, type ClockInRole, type ClockInVerdict } from '../../protocol';
import { captureUrl, decodeCapture, type CaptureStore } from '../captures/captureStore';
import type { AlarmDraft } from '../rules/types';
import { findDriverRecord, insertClockIn, openShift, type Database, type DriverRecord } from '../storage';

/** What a cab terminal's message says (its kind's `clockIn.decode`). */
export type ClockInReport = ReturnType<ClockInRole<unknown>['decode']>;

/** What the clock-in service needs: the database, the capture store for photos, the machine's registry entry and where alarms go. */
export interface ClockInDeps {
  db: Kysely<Database>;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  captures: Pick<CaptureStore, 'save'>;
  /** The registered device `sn` of `projectId` (kind and name), or undefined. */
  device(projectId: string, sn: string): { kind: string; name: string } | undefined;
  /** Persists and pushes alarms (the live pipeline's `apply`). */
  raise(alarms: AlarmDraft[]): void;
  /** Counts a refused clock-in (an unknown machine) like a refused payload. */
  refuse(projectId: string, terminalSn: string, detail: string, atMs: number): void;
}

/**
 * The verdict on a clock-in at `atMs` of `driver` (undefined: unknown) at `machineSn` whose face did or did not
 * match (docs/domain.md "Driver certificates"): a failed face match first, then an unknown driver, a driver
 * not assigned to the machine, an expired certificate; else `ok`.
 */
export function clockInVerdict(driver: Pick<DriverRecord, 'machines' | 'certificate_expiry_ms'> | undefined, machineSn: string, matched: boolean, atMs: number): ClockInVerdict {
  if (!matched) return 'faceMismatch';
  if (!driver) return 'unknownDriver';
  if (!driver.machines.includes(machineSn)) return 'notAssigned';
  if (certificateStatus(driver.certificate_expiry_ms, atMs) === 'expired') return 'certificateExpired';
  return 'ok';
}

/**
 * Clock-ins of the cab terminals (docs/device-protocol.md "cabFace"): each stored once per terminal and key
 * (lifting_clock_ins, the photo in the capture store); a verified one opens the driver's shift on the machine
 * (driver_attendance: what the equipment detail's attendance and "on duty" read); an unknown driver, one not
 * assigned to the machine or with an expired certificate raises an alarm on the machine (kind `ai`, level
 * `alarm`, metric of CLOCK_IN_ALARM_METRICS), which reaches every screen like any alarm of the machine.
 */
export class ClockInService {
  constructor(private readonly deps: ClockInDeps) {}

  /**
   * Handles one clock-in of terminal `terminalSn` of `projectId` at `tsMs` (the terminal's time).
   * A machine that is not lifting equipment of the project is refused (counted, nothing stored). Never throws:
   * a failed write is logged.
   */
  async accept(projectId: string, terminalSn: string, report: ClockInReport, tsMs: number, receivedAtMs: number): Promise<ClockInVerdict | 'refused' | 'repeated' | 'failed'> {
    const { db, log } = this.deps;
    const machine = this.deps.device(projectId, report.machineSn);
    if (!machine || !isEquipmentKind(machine.kind)) {
      this.deps.refuse(projectId, terminalSn, `machineSn: ${report.machineSn} is not lifting equipment of project ${projectId}`, receivedAtMs);
      return 'refused';
    }
    try {
      const driver = report.driverId !== null ? await findDriverRecord(db, projectId, { driverId: report.driverId }) : await findDriverRecord(db, projectId, { idNumber: report.idNumber ?? '' });
      const verdict = clockInVerdict(driver, report.machineSn, report.matched, tsMs);
      const photo = report.photoBase64 === null ? null : decodeCapture(terminalSn, tsMs, report.photoBase64);
      if (report.photoBase64 !== null && !photo) log.warn({ sn: terminalSn }, 'clock-in photo is not a JPEG: not stored');
      if (photo) await this.deps.captures.save(projectId, terminalSn, photo);
      const stored = await insertClockIn(db, {
        projectId,
        deviceSn: report.machineSn,
        terminalSn,
        clockKey: report.key,
        driverId: driver?.driver_id ?? null,
        atMs: tsMs,
        receivedMs: receivedAtMs,
        matched: report.matched,
        score: report.score,
        verdict,
        photoName: photo?.name ?? null,
      });
      if (!stored) {
        log.debug({ sn: terminalSn, key: report.key }, 'clock-in reported again: stored once');
        return 'repeated';
      }
      if (verdict === 'ok' && driver) await openShift(db, projectId, report.machineSn, driver.driver_id, tsMs);
      if (verdict === 'unknownDriver' || verdict === 'notAssigned' || verdict === 'certificateExpired') {
        log.warn({ projectId, sn: report.machineSn, driverId: driver?.driver_id ?? report.driverId, verdict }, 'clock-in refused by the driver register: alarm raised');
        this.deps.raise([clockInAlarm(projectId, report.machineSn, machine, verdict, photo ? captureUrl(projectId, photo.name) : null, receivedAtMs)]);
      }
      return verdict;
    } catch (err) {
      log.error({ err, sn: terminalSn }, 'clock-in not stored');
      return 'failed';
    }
  }
}

/** The alarm of a refused clock-in on machine `sn`, raised at `nowMs` (server time). */
export function clockInAlarm(projectId: string, sn: string, machine: { kind: string; name: string }, verdict: keyof typeof CLOCK_IN_ALARM_METRICS, picUrl: string | null, nowMs: number): AlarmDraft {
  return newAlarmDraft({ projectId, deviceSn: sn, deviceKind: machine.kind, deviceName: machine.name, kind: 'ai', level: 'alarm', metric: CLOCK_IN_ALARM_METRICS[verdict], picUrl }, nowMs);
}
