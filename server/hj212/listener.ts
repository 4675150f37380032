import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEVICE_KIND_REGISTRY, type AnyKindDescriptor, type KindRegistry, type RejectReason } from '../../protocol';
import { ConnectionGate, type ConnectionAttempt } from '../ingest/connectionGate';
import { samePassword } from '../ingest/credentials';
import type { IngestOutcome } from '../ingest/handleMessage';
import type { IngestCounter } from '../ingest/ingestStats';
import { FLAG_2017, FLAG_ANSWER, formatData, formatDataTime, framePacket, Hj212Framer, parsePacket, type Hj212Packet } from './codec';
import { DATA_COMMANDS, packetReadings } from './readings';

/** Limits of the HJ 212 listener (docs/device-protocol.md "HJ 212"; docs/configuration.md). */
export interface Hj212Limits {
  /** Open connections at most (HJ212_MAX_CONNECTIONS); one more is closed at once. */
  maxConnections: number;
  /** A connection without a complete packet for this long is closed, ms (3 report periods of minute data). */
  idleMs: number;
  /** A packet begun must be complete within this, ms (a slow sender holds a buffer). */
  packetMs: number;
  /** Failed logins per address per minute, and logins per address per minute (as MQTT's gate). */
  failuresPerMinute: number;
  loginsPerMinute: number;
  /** Refused packets on one connection before it is closed. */
  refusalsPerConnection: number;
}

/** Defaults: 256 connections, 180 s idle (3 minutes of minute data), 10 s per packet, the MQTT gate's budgets. */
export const DEFAULT_HJ212_LIMITS: Hj212Limits = {
  maxConnections: 256,
  idleMs: 180_000,
  packetMs: 10_000,
  failuresPerMinute: 120,
  loginsPerMinute: 6_000,
  refusalsPerConnection: 10,
};

/** A device as an HJ 212 login finds it: its project, kind and the project's device password. */
export interface Hj212Device {
  projectId: string;
  kind: string;
  password: string;
}

export interface Hj212ListenerOptions {
  port: number;
  host: string;
  /**
   * The device whose sn is `mn`, or undefined (server/storage/devices.ts deviceForLogin). Asked once per
   * connection and MN: the packets after a login reuse the answer (ingest still checks the registry; a
   * rotated device password closes the project's connections, disconnectProject).
   */
  findDevice(mn: string): Promise<Hj212Device | undefined>;
  /** The ingest handler MQTT messages go through (server/ingest/handleMessage.ts). */
  onMessage(topic: string, payload: string): Promise<IngestOutcome>;
  counter: IngestCounter;
  limits?: Hj212Limits;
  kinds?: KindRegistry;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => number;
}

export interface Hj212Listener {
  port: number;
  /** Open connections now. */
  connections(): number;
  /**
   * Closes the connections logged in as devices of project `projectId` (its device password rotated:
   * a login is checked against the password it found). @returns how many were closed.
   */
  disconnectProject(projectId: string): number;
  /** Closes the listener and every connection; waits for packets being handled. Idempotent. */
  close(): Promise<void>;
}

/** Data answer (CN 9014), device time set (CN 1012) and the commands a device may send us besides data. */
const CN_DATA_ANSWER = '9014';
const CN_TIME_REQUEST = '1013';
const CN_TIME_SET = '1012';
/** Answers of a device to our commands (request answer 9011, execution result 9012): nothing to do. */
const DEVICE_ANSWERS = new Set(['9011', '9012']);
/** The system code of our answers (HJ 212-2017 table 7: 91 is system interaction). */
const ST_SYSTEM = '91';

/**
 * Listens for HJ 212-2017 monitors on TCP (docs/device-protocol.md "HJ 212"). Each data packet of a
 * registered device (MN = its sn, PW = its project's device password) whose kind maps HJ 212 factors
 * becomes that kind's MQTT payload and goes through the same ingest as MQTT (schema, rules, history,
 * live); a packet whose Flag asks for an answer gets CN 9014 once it is accepted. A time calibration
 * request (CN 1013) is answered with the server's time (CN 1012). Every refusal is counted by reason
 * (protocol/devices.ts REJECT_REASONS, `hj212-*`); the process never throws for what a client sends, and
 * each connection holds at most one packet's bytes and handles its packets one at a time.
 * @throws when the port cannot be bound
 */
export async function startHj212Listener(opts: Hj212ListenerOptions): Promise<Hj212Listener> {
  const limits = opts.limits ?? DEFAULT_HJ212_LIMITS;
  const kinds = opts.kinds ?? DEVICE_KIND_REGISTRY;
  const now = opts.now ?? Date.now;
  const gate = new ConnectionGate({ failuresPerMinute: limits.failuresPerMinute, loginsPerMinute: limits.loginsPerMinute });
  /** Open connections, with the project of the device each logged in as (null before a login). */
  const sockets = new Map<Socket, string | null>();
  const working = new Set<Promise<void>>();
  let closed = false;

  const refuse = (reason: RejectReason, where: string, detail: string) => opts.counter.countRejected(reason, `hj212 ${where}`, detail, now());

  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? '?';
    const where = `${address}:${socket.remotePort ?? '?'}`;
    if (closed || sockets.size >= limits.maxConnections) {
      refuse('hj212-connections', where, `${sockets.size} connections open (limit ${limits.maxConnections})`);
      socket.destroy();
      return;
    }
    const attempt = gate.open(address, now());
    if (!attempt) {
      refuse('hj212-connections', where, 'address over its failed-connection rate');
      socket.destroy();
      return;
    }
    sockets.set(socket, null);
    handleConnection(socket, where, attempt);
  });
  server.maxConnections = limits.maxConnections + 16; // the count above answers first; this is the OS-level backstop

  function handleConnection(socket: Socket, where: string, attempt: ConnectionAttempt): void {
    const framer = new Hj212Framer();
    let refusals = 0;
    let chain: Promise<void> = Promise.resolve();
    let queued = 0;
    let idle: NodeJS.Timeout | null = null;
    let slow: NodeJS.Timeout | null = null;

    const end = (reason: RejectReason | null, detail: string) => {
      if (socket.destroyed) return;
      if (reason) refuse(reason, where, detail);
      socket.destroy();
    };
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => end('hj212-timeout', `no packet for ${limits.idleMs / 1000} s`), limits.idleMs);
    };
    const refused = (reason: RejectReason, detail: string) => {
      refuse(reason, where, detail);
      if (++refusals >= limits.refusalsPerConnection) end(null, '');
    };
    armIdle();
    socket.setNoDelay(true);
    socket.on('error', () => undefined); // a reset by the peer: 'close' follows
    socket.on('close', () => {
      if (idle) clearTimeout(idle);
      if (slow) clearTimeout(slow);
      sockets.delete(socket);
      gate.settle(attempt, false, now()); // no-op once it logged in
    });
    socket.on('data', (chunk: Buffer) => {
      for (const ev of framer.push(chunk)) {
        if ('error' in ev) {
          if (ev.error === 'hj212-too-large') return end(ev.error, ev.detail);
          refused(ev.error, ev.detail);
          if (socket.destroyed) return;
          continue;
        }
        armIdle();
        queued++;
        // one packet at a time per connection; a sender faster than its packets are handled is paused
        if (queued > 4) socket.pause();
        const step = chain.then(() => handlePacket(ev.data)).finally(() => {
          queued--;
          if (queued <= 4 && !socket.destroyed) socket.resume();
        });
        chain = step;
        working.add(step);
        void step.finally(() => working.delete(step));
      }
      if (framer.pending > 0 && !slow) slow = setTimeout(() => end('hj212-timeout', `a packet not complete within ${limits.packetMs / 1000} s`), limits.packetMs);
      else if (framer.pending === 0 && slow) {
        clearTimeout(slow);
        slow = null;
      }
    });

    // the device logged in on this connection, with its descriptor and topic: looked up once, not per packet
    let login: { mn: string; device: Hj212Device; descriptor: AnyKindDescriptor | undefined; topic: string | null } | null = null;
    const send = (p: Hj212Packet, cn: string, st: string, cp: Array<Record<string, string>>, flag = FLAG_2017) => {
      if (!socket.destroyed) socket.write(framePacket(formatData({ qn: p.qn, st, cn, pw: p.pw, mn: p.mn, flag, cp })));
    };

    async function handlePacket(data: string): Promise<void> {
      if (socket.destroyed) return;
      try {
        const p = parsePacket(data);
        if ('error' in p) return refused('hj212-packet', p.error);
        if (login?.mn !== p.mn) {
          const found = await opts.findDevice(p.mn);
          if (!found) {
            gate.settle(attempt, false, now());
            return end('unknown-device', `no device ${p.mn.slice(0, 64)}`);
          }
          const descriptor = kinds.get(found.kind);
          login = { mn: p.mn, device: found, descriptor, topic: descriptor ? kinds.topicOf(found.projectId, found.kind, p.mn) : null };
          if (!socket.destroyed) sockets.set(socket, found.projectId);
        }
        const { device, descriptor, topic } = login;
        if (!samePassword(device.password, p.pw)) {
          gate.settle(attempt, false, now());
          return end('hj212-password', `wrong PW for ${p.mn}`);
        }
        if (!attempt.settled && !gate.settle(attempt, true, now())) return end('hj212-connections', 'address over its login rate');
        if (!descriptor?.hj212 || topic === null) return refused('wrong-kind', `device ${p.mn} is a ${device.kind}, which does not speak HJ 212`);
        if (DEVICE_ANSWERS.has(p.cn)) return;
        if (p.cn === CN_TIME_REQUEST) return send(p, CN_TIME_SET, p.st, [{ SystemTime: formatDataTime(now()) }], FLAG_2017);
        const command = DATA_COMMANDS[p.cn];
        if (!command) return refused('hj212-packet', `CN ${p.cn.slice(0, 8)} not supported`);
        const readings = packetReadings(p, command.suffix, descriptor.hj212.factors);
        if ('error' in readings) return refused('hj212-packet', readings.error);
        if (command.readings) {
          const outcome = await opts.onMessage(topic, JSON.stringify(descriptor.hj212.message(readings.ts, readings.values, readings.flags)));
          if (outcome !== 'accepted') return;
        }
        if (p.flag & FLAG_ANSWER) send(p, CN_DATA_ANSWER, ST_SYSTEM, []);
      } catch (err) {
        // a fault of ours (the database): the device sends again when no answer comes
        opts.log.error({ err, where }, 'HJ 212 packet handling failed');
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => opts.log.error({ err }, 'HJ 212 listener error'));

  let closing: Promise<void> | null = null;
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    disconnectProject: (projectId) => {
      let n = 0;
      for (const [s, project] of sockets) {
        if (project !== projectId) continue;
        s.destroy();
        n++;
      }
      return n;
    },
    close: () =>
      (closing ??= (async () => {
        closed = true;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets.keys()) s.destroy();
        await Promise.allSettled([...working]);
        await stopped;
      })()),
  };
}
