/**
 * The load of `npm run bench:server`, run in a worker thread of the driver (bench/server/run.ts): device
 * connections over raw TCP speaking MQTT 3.1.1 with hand-built packets (CONNECT, QoS 1 PUBLISH, PUBACK), so
 * the generator costs little CPU next to the server it loads. Each connection publishes for a set of the
 * demo project's devices (beacon fixes and gas readings, payloads valid under protocol/kinds) with `ts` =
 * the time of sending, so a socket.io client can measure ingest → socket latency from the items it gets.
 *
 * Two modes: `max` keeps `window` QoS 1 messages in flight per connection (closed loop: as fast as the
 * server acknowledges); `paced` offers `rate` messages/s spread over the connections, still never more
 * than `window` in flight per connection (a server that cannot keep up gets fewer, and that shows as an
 * achieved rate below the offered one).
 *
 * Messages from the driver: {type:'start', ...LoadOptions}, {type:'mark'} (reset the window counters),
 * {type:'stop'}. To the driver: {type:'ready'}, {type:'window', acked, ackMs[]} on each mark and stop,
 * {type:'stopped'}, {type:'error', message}.
 */
import { connect, type Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';

/** What the driver starts the load with. */
export interface LoadOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  /** Device topics and a payload maker for each, spread round-robin over the connections. */
  devices: Array<{ topic: string; kind: 'beacon' | 'gas'; tunnelId: string | null }>;
  connections: number;
  window: number;
  mode: 'max' | 'paced';
  /** Offered messages/s in `paced` mode. */
  rate: number;
  /** Prefix of the MQTT client ids (unique per generator: a broker drops the older of two equal ids). */
  clientPrefix: string;
}

function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 128;
    out.push(b);
  } while (n > 0);
  return out;
}

function str(s: string | Buffer): Buffer {
  const b = typeof s === 'string' ? Buffer.from(s) : s;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

function connectPacket(clientId: string, username: string, password: string): Buffer {
  // protocol name, level 4, flags: username + password + clean session, keep-alive 0 (none)
  const body = Buffer.concat([str('MQTT'), Buffer.from([4, 0b1100_0010, 0, 0]), str(clientId), str(username), str(password)]);
  return Buffer.concat([Buffer.from([0x10, ...varint(body.length)]), body]);
}

function publishPacket(topic: Buffer, id: number, payload: Buffer): Buffer {
  const len = 2 + topic.length + 2 + payload.length;
  const head = varint(len);
  const buf = Buffer.allocUnsafe(1 + head.length + len);
  let o = 0;
  buf[o++] = 0x32; // PUBLISH, QoS 1
  for (const b of head) buf[o++] = b;
  buf.writeUInt16BE(topic.length, o);
  o += 2;
  topic.copy(buf, o);
  o += topic.length;
  buf.writeUInt16BE(id, o);
  o += 2;
  payload.copy(buf, o);
  return buf;
}

let seq = 0;
function payloadOf(kind: 'beacon' | 'gas', tunnelId: string | null, ts: number): Buffer {
  seq++;
  if (kind === 'beacon') {
    return Buffer.from(JSON.stringify({ ts, tunnelId: tunnelId ?? 'ZK', chainageM: 800 + (seq % 400) / 4, battery: 80, sos: false }));
  }
  return Buffer.from(JSON.stringify({ ts, readings: { CO: 4 + (seq % 10) / 10, O2: 20.9, CH4: 0.05, H2S: 1 } }));
}

interface Conn {
  socket: Socket;
  devices: LoadOptions['devices'];
  topics: Buffer[];
  next: number;
  nextId: number;
  inFlight: Map<number, number>;
  /** paced mode: messages this connection owes (fractional credit). */
  credit: number;
  buf: Buffer;
}

const port = parentPort!;
let stopping = false;
let acked = 0;
let ackMs: number[] = [];
const conns: Conn[] = [];
let opts: LoadOptions;

function pump(c: Conn): void {
  if (stopping) return;
  const out: Buffer[] = [];
  while (c.inFlight.size < opts.window && (opts.mode === 'max' || c.credit >= 1)) {
    if (opts.mode === 'paced') c.credit -= 1;
    const d = c.next++ % c.devices.length;
    let id = c.nextId;
    while (c.inFlight.has(id)) id = (id % 65535) + 1;
    c.nextId = (id % 65535) + 1;
    const now = Date.now();
    c.inFlight.set(id, performance.now());
    out.push(publishPacket(c.topics[d], id, payloadOf(c.devices[d].kind, c.devices[d].tunnelId, now)));
  }
  if (out.length > 0) c.socket.write(out.length === 1 ? out[0] : Buffer.concat(out));
}

function onData(c: Conn, chunk: Buffer): void {
  let b = c.buf.length > 0 ? Buffer.concat([c.buf, chunk]) : chunk;
  let o = 0;
  let any = false;
  while (b.length - o >= 2) {
    const type = b[o] >> 4;
    const len = b[o + 1]; // every packet the broker sends here is short (remaining length < 128)
    if (b.length - o < 2 + len) break;
    if (type === 4 && len >= 2) {
      const id = b.readUInt16BE(o + 2);
      const sent = c.inFlight.get(id);
      if (sent !== undefined) {
        c.inFlight.delete(id);
        acked++;
        if (ackMs.length < 200_000) ackMs.push(performance.now() - sent);
        any = true;
      }
    }
    o += 2 + len;
  }
  c.buf = o < b.length ? Buffer.from(b.subarray(o)) : Buffer.alloc(0);
  if (any) pump(c);
}

async function start(o: LoadOptions): Promise<void> {
  opts = o;
  for (let i = 0; i < o.connections; i++) {
    const devices = o.devices.filter((_, k) => k % o.connections === i);
    if (devices.length === 0) continue;
    const socket = connect(o.port, o.host);
    socket.setNoDelay(true);
    const c: Conn = { socket, devices, topics: devices.map((d) => Buffer.from(d.topic)), next: 0, nextId: 1, inFlight: new Map(), credit: 0, buf: Buffer.alloc(0) };
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => socket.write(connectPacket(`${o.clientPrefix}-${i}`, o.username, o.password)));
      socket.once('data', (d: Buffer) => {
        socket.off('error', reject);
        if (d[0] !== 0x20 || d[3] !== 0) return reject(new Error(`CONNACK refused: ${d.toString('hex')}`));
        resolve();
      });
    });
    socket.on('data', (d: Buffer) => onData(c, d));
    socket.on('error', (err) => port.postMessage({ type: 'error', message: `connection ${i}: ${err.message}` }));
    socket.on('close', () => {
      if (!stopping) port.postMessage({ type: 'error', message: `connection ${i} closed by the server` });
    });
    conns.push(c);
  }
  port.postMessage({ type: 'ready' });
  if (o.mode === 'max') for (const c of conns) pump(c);
  else {
    // each connection is owed rate/connections messages per second of elapsed time (timers run late under
    // load, so credit follows the clock, not the tick count), capped at one window
    const perMs = o.rate / conns.length / 1000;
    let last = performance.now();
    const timer = setInterval(() => {
      if (stopping) return clearInterval(timer);
      const now = performance.now();
      const owed = (now - last) * perMs;
      last = now;
      for (const c of conns) {
        c.credit = Math.min(c.credit + owed, opts.window);
        pump(c);
      }
    }, 5);
  }
}

function takeWindow() {
  const out = { type: 'window', acked, ackMs };
  acked = 0;
  ackMs = [];
  return out;
}

port.on('message', (m: { type: string } & Partial<LoadOptions>) => {
  if (m.type === 'start') start(m as unknown as LoadOptions).catch((err: Error) => port.postMessage({ type: 'error', message: err.message }));
  else if (m.type === 'mark') port.postMessage(takeWindow());
  else if (m.type === 'stop') {
    stopping = true;
    port.postMessage(takeWindow());
    for (const c of conns) c.socket.destroy();
    port.postMessage({ type: 'stopped' });
  }
});
