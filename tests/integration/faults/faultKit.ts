import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/storage';
import { DEMO_PROJECT } from '../../../server/seed';

/** Shared parts of the fault suite: a camera fleet publishing one alarm per message, and the alarm check. */

/** AI cameras seeded in the demo project (server/seed/demoProject.ts: CAM-01 … CAM-24). */
const CAMERAS = Array.from({ length: 24 }, (_, i) => `CAM-${String(i + 1).padStart(2, '0')}`);

/** A publisher of AI camera events, each raising one `ai` alarm whose picUrl names the message. */
export interface CameraPublisher {
  /** picUrls of the messages the broker acknowledged (PUBACK) to this publisher. */
  readonly acked: Set<string>;
  /** Messages handed to the client so far. */
  sent(): number;
  /** Stops publishing, waits up to 15 s for the outstanding acknowledgements, then disconnects. */
  stop(): Promise<void>;
}

/**
 * Connects a device client to `url` (persistent session, QoS 1, reconnect every 50 ms, as a field device
 * with a flaky link would) and publishes one AI camera event every `everyMs` ms, up to `max` messages, in
 * turn from the demo project's cameras, until stopped. Loopback only; bounded by `max`.
 */
export async function startCameraPublisher(url: string, opts: { clientId: string; everyMs?: number; max?: number; username?: string; password?: string }): Promise<CameraPublisher> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: opts.clientId,
    clean: false,
    reconnectPeriod: 50,
    connectTimeout: 2_000,
    username: opts.username,
    password: opts.password,
  });
  const acked = new Set<string>();
  let sent = 0;
  let pending = 0;
  let stopped = false;
  const max = opts.max ?? 5_000;
  const loop = (async () => {
    while (!stopped && sent < max) {
      const n = sent++;
      const picUrl = `https://oss.example.com/fault/${opts.clientId}/${n}.jpg`;
      const sn = CAMERAS[n % CAMERAS.length];
      pending++;
      client.publish(
        `zhgd/${DEMO_PROJECT.projectId}/camera/${sn}/alarm`,
        JSON.stringify({ ts: Date.now(), algType: 'noHelmet', picUrl }),
        { qos: 1 },
        (err) => {
          pending--;
          if (!err) acked.add(picUrl);
        },
      );
      await new Promise((r) => setTimeout(r, opts.everyMs ?? 5));
    }
  })();
  return {
    acked,
    sent: () => sent,
    async stop() {
      stopped = true;
      await loop;
      const deadline = Date.now() + 15_000;
      while (pending > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await client.endAsync(true);
    },
  };
}

/** picUrls among `wanted` that have no `ai` alarm row in the database. */
export async function missingAlarms(db: Kysely<Database>, wanted: Iterable<string>): Promise<string[]> {
  const rows = await db.selectFrom('alarms').select('pic_url').where('kind', '=', 'ai').where('project_id', '=', DEMO_PROJECT.projectId).execute();
  const have = new Set(rows.map((r) => r.pic_url));
  return [...wanted].filter((p) => !have.has(p));
}

/** Number of `ai` alarm rows per picUrl among `wanted` that appear more than once (at-least-once duplicates). */
export async function duplicateAlarms(db: Kysely<Database>, wanted: Set<string>): Promise<number> {
  const rows = await db.selectFrom('alarms').select('pic_url').where('kind', '=', 'ai').where('project_id', '=', DEMO_PROJECT.projectId).execute();
  const seen = new Map<string, number>();
  for (const r of rows) if (r.pic_url && wanted.has(r.pic_url)) seen.set(r.pic_url, (seen.get(r.pic_url) ?? 0) + 1);
  return [...seen.values()].reduce((s, n) => s + (n - 1), 0);
}

/**
 * A network link, as a TCP relay on loopback to 127.0.0.1:`targetPort`: `drop()` cuts every connection and refuses new ones
 * (a pulled cable, a Wi-Fi handover), `restore()` listens again on the same port.
 */
export async function startNetwork(targetPort: number): Promise<{ port: number; drop(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((inbound) => {
        const outbound = tcpConnect(targetPort, '127.0.0.1');
        for (const sock of [inbound, outbound]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
      server = s;
    });
  const port = await listen(0);
  const stop = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  return { port, drop: stop, restore: async () => void (await listen(port)), close: stop };
}
