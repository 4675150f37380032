import { connect as tcpConnect, type Socket } from 'node:net';

/**
 * A minimal MQTT 3.1.1 client over raw TCP for fuzzing: it sends whatever bytes it is given (topics with NUL,
 * wildcards or invalid UTF-8, which mqtt.js would not send) and reports per QoS 1 publication whether the
 * broker acknowledged it or closed the connection (OASIS MQTT 3.1.1 §2–3).
 */

/** MQTT variable-length "Remaining Length" (§2.2.3). */
export function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

/** A UTF-8 string or raw bytes with its 2-byte length prefix (§1.5.3). */
export function lengthPrefixed(s: string | Buffer): Buffer {
  const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

/** A CONNECT packet (clean session, keep-alive 60 s) with optional username and password. */
export function connectPacket(clientId: string, username?: string, password?: string): Buffer {
  const flags = 0x02 | (username !== undefined ? 0x80 : 0) | (password !== undefined ? 0x40 : 0);
  const body = Buffer.concat([
    lengthPrefixed('MQTT'),
    Buffer.from([4, flags, 0, 60]),
    lengthPrefixed(clientId),
    ...(username !== undefined ? [lengthPrefixed(username)] : []),
    ...(password !== undefined ? [lengthPrefixed(password)] : []),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** A QoS 1 PUBLISH packet of raw topic bytes and payload. */
export function publishPacket(topic: Buffer, messageId: number, payload: Buffer): Buffer {
  const id = Buffer.alloc(2);
  id.writeUInt16BE(messageId);
  const body = Buffer.concat([lengthPrefixed(topic), id, payload]);
  return Buffer.concat([Buffer.from([0x32]), remainingLength(body.length), body]);
}

/** What became of one publication. */
export type PublishOutcome = 'acked' | 'closed' | 'timeout';

/** A connected, logged-in raw client. */
export interface RawMqttClient {
  /** Publishes with QoS 1 and waits for the PUBACK, the connection's end, or `timeoutMs`. */
  publish(topic: Buffer, payload: Buffer, timeoutMs?: number): Promise<PublishOutcome>;
  readonly closed: boolean;
  close(): void;
}

/**
 * Connects to 127.0.0.1:`port` and logs in. @throws when the broker refuses (CONNACK code ≠ 0) or closes.
 */
export function connectRaw(port: number, clientId: string, username: string, password: string): Promise<RawMqttClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = tcpConnect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let connected = false;
    let closed = false;
    let nextId = 1;
    const waiting = new Map<number, (o: PublishOutcome) => void>();
    const finish = () => {
      closed = true;
      for (const w of waiting.values()) w('closed');
      waiting.clear();
      if (!connected) reject(new Error('connection closed before CONNACK'));
    };
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (buf.length < 2) return;
        let len = 0;
        let mult = 1;
        let i = 1;
        for (; i < 5 && i < buf.length; i++) {
          len += (buf[i] & 0x7f) * mult;
          mult *= 128;
          if ((buf[i] & 0x80) === 0) break;
        }
        if (i >= buf.length || buf.length < i + 1 + len) return;
        const type = buf[0] >> 4;
        const body = buf.subarray(i + 1, i + 1 + len);
        buf = buf.subarray(i + 1 + len);
        if (type === 2) {
          if (body[1] !== 0) {
            socket.destroy();
            reject(new Error(`CONNACK return code ${body[1]}`));
            return;
          }
          connected = true;
          resolve(client);
        } else if (type === 4) {
          const id = body.readUInt16BE(0);
          waiting.get(id)?.('acked');
          waiting.delete(id);
        }
      }
    });
    socket.write(connectPacket(clientId, username, password));
    const client: RawMqttClient = {
      publish(topic, payload, timeoutMs = 10_000) {
        if (closed) return Promise.resolve('closed');
        const id = nextId;
        nextId = (nextId % 65_535) + 1;
        return new Promise<PublishOutcome>((done) => {
          const timer = setTimeout(() => {
            waiting.delete(id);
            done('timeout');
          }, timeoutMs);
          waiting.set(id, (o) => {
            clearTimeout(timer);
            done(o);
          });
          socket.write(publishPacket(topic, id, payload));
        });
      },
      get closed() {
        return closed;
      },
      close: () => socket.destroy(),
    };
  });
}
