import type { RunningServer } from '../../server/app';
import { toJson } from '../../server/storage';
import { eventually } from './eventually';

/** CO limits of a gas device added by {@link addCoStation} (warn 17 ppm, alarm 24 ppm, as the seeded ones). */
export const CO_THRESHOLD = { metric: 'CO', unit: 'ppm', warnHigh: 17, alarmHigh: 24, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };

/**
 * Registers a gas station measuring CO in `projectId` (straight in the database, as no REST route creates
 * devices) and makes the running server pick it up.
 */
export async function addCoStation(server: RunningServer, projectId: string, sn: string): Promise<void> {
  await server.db
    .insertInto('devices')
    .values({
      project_id: projectId,
      sn,
      kind: 'gas',
      name: sn,
      position: 'test',
      tunnel_id: null,
      report_period_s: 10,
      thresholds: toJson([CO_THRESHOLD]),
      status: 'unknown',
      last_seen_ms: null,
      latest: null,
    })
    .execute();
  await server.live.reloadDevices(projectId);
}

/**
 * Milliseconds from `publish()` being called until the CO alarm row of device `sn` is in the database
 * (polled every 5 ms; `timeoutMs` bounds the wait). @throws when no row appears in time
 */
export async function coAlarmLatencyMs(server: RunningServer, sn: string, publish: () => unknown, timeoutMs = 15_000): Promise<number> {
  const started = performance.now();
  await publish();
  await eventually(
    () => server.db.selectFrom('alarms').select('alarm_id').where('device_sn', '=', sn).where('metric', '=', 'CO').executeTakeFirst(),
    timeoutMs,
    `CO alarm of ${sn}`,
    5,
  );
  return performance.now() - started;
}
