import type { LiveSocket } from '../../../streams/connection';
import { socketFeeds, type LiveFeedsFactory } from '../../../streams/feeds';

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

/** The production feeds (streams/feeds.ts socketFeeds) on a BenchSocket instead of socket.io. */
export function benchFeeds(socket: BenchSocket): LiveFeedsFactory {
  return socketFeeds({ socketFactory: () => socket as unknown as LiveSocket });
}

