import { ok, ROUTES, type AlarmPage, type DeviceInfo, type TelemetryHistory, type TunnelInfo } from '../../../protocol';
import { defaultThresholdsFor } from '../../../server/rules/defaultThresholds';
import { DEMO_DEVICES, DEMO_TUNNELS } from '../../../server/seed/demoProject';
import type { LiveSocket } from '../../../streams/connection';
import { socketFeeds, type LiveFeedsFactory } from '../../../src/stores/feeds';

type Handler = (payload: unknown) => void;

/** The text part of a socket.io binary event as the default parser sends it (after its `451-` prefix). */
const PLACEHOLDER_PACKET = '["telemetry.frame",{"_placeholder":true,"num":0}]';

/**
 * Stands in for the socket.io client socket: always connected, every subscribe acknowledged, and
 * `receiveFrame(bin)` does what socket.io-client does with the gateway's binary event (JSON.parse of the
 * small text packet with the attachment placeholder, then the binary attachment as an ArrayBuffer) before
 * calling the 'telemetry.frame' listeners. Only the members the app's streams code uses exist.
 */
export class BenchSocket {
  connected = true;
  active = true;
  private readonly handlers = new Map<string, Set<Handler>>();
  readonly io = { reconnectionDelay: () => 1000, reconnectionDelayMax: () => 10_000 };

  on(event: string, fn: Handler): this {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(fn);
    return this;
  }

  off(event: string, fn: Handler): this {
    this.handlers.get(event)?.delete(fn);
    return this;
  }

  timeout(_ms: number) {
    return {
      emit: (_event: string, _msg: unknown, ack: (err: Error | null, r: { ok: true }) => void) => queueMicrotask(() => ack(null, { ok: true })),
    };
  }

  connect(): this {
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  /** One socket.io binary event carrying a telemetry frame: a text packet and one binary attachment. */
  receiveFrame(bin: ArrayBuffer): void {
    JSON.parse(PLACEHOLDER_PACKET);
    const set = this.handlers.get('telemetry.frame');
    if (set) for (const fn of set) fn(bin);
  }
}

/** The app's production feeds (src/stores/feeds.ts socketFeeds) on a BenchSocket instead of socket.io. */
export function benchFeeds(socket: BenchSocket): LiveFeedsFactory {
  return socketFeeds({ socketFactory: () => socket as unknown as LiveSocket });
}

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
    [ROUTES.deviceList]: () => fleetDeviceInfos(multiplier),
    [ROUTES.tunnelList]: () => tunnels,
    [ROUTES.alarmList]: (): AlarmPage => ({ total: 0, page: 1, pageSize: 50, list: [] }),
    [ROUTES.telemetryHistory]: (): TelemetryHistory => ({ series: [] }),
  };
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = new URL(url, location.href).pathname;
    const answer = answers[route];
    const body = answer ? ok(answer()) : { success: false, data: null, errorCode: 'NOT_FOUND', errorMessage: route, showType: 0 };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
}

