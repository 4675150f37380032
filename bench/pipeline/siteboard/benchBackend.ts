import { ALARMS, DEVICES, HISTORY, ok, type AlarmPage, type DeviceInfo, type TelemetryHistory, type TunnelInfo } from '../../../protocol';
import { defaultThresholdsFor } from '../../../server/rules/defaultThresholds';
import { DEMO_DEVICES, DEMO_TUNNELS } from '../../../server/seed/demoProject';

/** The device list the server would answer for the scaled demo project (copy c > 0 has sns suffixed `-{c+1}`). */
export function fleetDeviceInfos(multiplier: number): DeviceInfo[] {
  const out: DeviceInfo[] = [];
  for (let c = 0; c < multiplier; c++) {
    for (const d of DEMO_DEVICES) {
      out.push({
        sn: c === 0 ? d.sn : `${d.sn}-${c + 1}`,
        kind: d.kind,
        name: d.name,
        position: d.position,
        tunnelId: d.tunnelId,
        reportPeriodS: d.reportPeriodS,
        status: 'online',
        lastSeenMs: null,
        latest: null,
        thresholds: defaultThresholdsFor(d.kind, d.gases ?? []),
      });
    }
  }
  return out;
}

/**
 * A `fetch` answering the REST calls a live board makes, in the server's envelope: the device list, the
 * demo tunnels, no alarms, and empty telemetry history (history reaches both implementations as the
 * first socket frame instead, so they start from the same data). Anything else: a NOT_FOUND envelope.
 */
export function benchFetch(multiplier: number): typeof fetch {
  const tunnels: TunnelInfo[] = DEMO_TUNNELS.map((t) => ({ ...t, headings: t.headings.map((h) => ({ ...h })) }));
  const answers: Record<string, () => unknown> = {
    [DEVICES.deviceList.path]: () => fleetDeviceInfos(multiplier),
    [DEVICES.tunnelList.path]: () => tunnels,
    [ALARMS.alarmList.path]: (): AlarmPage => ({ total: 0, page: 1, pageSize: 50, list: [] }),
    [HISTORY.telemetryHistory.path]: (): TelemetryHistory => ({ series: [] }),
  };
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = new URL(url, location.href).pathname;
    const answer = answers[route];
    const body = answer ? ok(answer()) : { success: false, data: null, errorCode: 'NOT_FOUND', errorMessage: route, showType: 0 };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
}

