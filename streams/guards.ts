import type { Alarm, DeviceStatusBatch } from '../protocol';

/**
 * Shape checks of server frames before they are routed. They check the envelope (what routing and the
 * consumers' loops rely on), not every item: items were validated by the protocol schemas at ingest,
 * and re-parsing hundreds of beacon items per tick with zod on the main thread would cost frames for no
 * safety gain. Telemetry arrives as binary frames, checked by decodeTelemetryFrame (protocol/telemetryFrame.ts);
 * the telemetry worker skips malformed items one by one.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** True for `{ projectId: string, items: [] }`. */
export function isDeviceStatusBatch(v: unknown): v is DeviceStatusBatch {
  return isRecord(v) && typeof v.projectId === 'string' && Array.isArray(v.items);
}

/** True for an object with a numeric alarmId, a projectId and a state of 'active' or 'cleared'. */
export function isAlarm(v: unknown): v is Alarm {
  return (
    isRecord(v) &&
    typeof v.alarmId === 'number' &&
    typeof v.projectId === 'string' &&
    (v.state === 'active' || v.state === 'cleared')
  );
}
