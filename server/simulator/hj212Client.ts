import { connect, type Socket } from 'node:net';
import type { AnyKindDescriptor, DataFlag } from '../../protocol';
import { FLAG_2017, FLAG_ANSWER, formatData, formatDataTime, formatQn, framePacket } from '../hj212/codec';

/**
 * The demo's HJ 212-2017 monitors (docs/device-protocol.md "HJ 212"): one TCP connection per monitor, as
 * real ones keep, each message sent as minute data (CN 2051, `-Avg` and `-Flag` per factor, Flag 5: the
 * server answers with CN 9014). A connection that drops is opened again on the next message; a message
 * that finds its connection closed or still holding 4 KiB unsent is dropped (the next minute replaces it).
 */
export class Hj212Uplink {
  private readonly sockets = new Map<string, Socket>();
  private stopped = false;
  /** Messages written to an open connection, and those dropped because none was open. */
  sent = 0;
  dropped = 0;

  /**
   * @param host, port the server's HJ 212 listener
   * @param password the project's device password now (PW); read on every packet, so a rotated one applies
   * @param onError called with a connection's error (the caller rate-limits its log)
   */
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly password: () => string,
    private readonly onError: (message: string) => void,
  ) {}

  /** Sends `msg` (the kind's MQTT payload) of monitor `sn` as minute data. */
  send(sn: string, descriptor: AnyKindDescriptor, msg: Record<string, unknown>): void {
    if (this.stopped || !descriptor.hj212) return;
    const socket = this.socketOf(sn);
    // written while still connecting, it goes out on connect (one packet a minute at most waits)
    if (socket.destroyed || socket.writableLength > 4096) {
      this.dropped++;
      return;
    }
    socket.write(minutePacket(sn, this.password(), descriptor.hj212.factors, msg));
    this.sent++;
  }

  /** Closes every connection; later messages are ignored. */
  close(): void {
    this.stopped = true;
    for (const s of this.sockets.values()) s.destroy();
    this.sockets.clear();
  }

  private socketOf(sn: string): Socket {
    const known = this.sockets.get(sn);
    if (known && !known.destroyed) return known;
    const socket = connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', () => undefined); // the server's CN 9014 answers: nothing to do with them
    socket.on('error', (err) => this.onError(`HJ 212 monitor ${sn}: ${err.message}`));
    socket.on('close', () => {
      if (this.sockets.get(sn) === socket) this.sockets.delete(sn);
    });
    this.sockets.set(sn, socket);
    return socket;
  }
}

/**
 * The minute-data packet of one message: DataTime is the minute `msg.ts` falls in (Beijing time), each
 * factor the kind maps that the message carries as `{code}-Avg` (in the standard's unit: the metric ÷
 * its scale) with its `{code}-Flag` (N unless `msg.flags` names another).
 */
export function minutePacket(sn: string, pw: string, factors: NonNullable<AnyKindDescriptor['hj212']>['factors'], msg: Record<string, unknown>): Uint8Array {
  const ts = Number(msg.ts);
  const flags = (msg.flags ?? {}) as Record<string, DataFlag | undefined>;
  const cp: Array<Record<string, string>> = [{ DataTime: formatDataTime(Math.floor(ts / 60_000) * 60_000) }];
  for (const f of factors) {
    const v = msg[f.metric];
    if (typeof v !== 'number') continue;
    // enough decimals that µg/m³ survive the trip through mg/m³
    cp.push({ [`${f.code}-Avg`]: String(Number((v / f.scale).toPrecision(6))), [`${f.code}-Flag`]: flags[f.metric] ?? 'N' });
  }
  return framePacket(formatData({ qn: formatQn(ts), st: '22', cn: '2051', pw, mn: sn, flag: FLAG_2017 | FLAG_ANSWER, cp }));
}
