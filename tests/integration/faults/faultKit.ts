import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/storage';
import { DEMO_PROJECT } from '../../../server/seed';
import { DEMO_CAMERAS as CAMERAS } from '../../helpers/devices';
import { expect } from 'vitest';
import { eventually } from '../../helpers/eventually';

/** Shared parts of the fault suite: a camera fleet publishing AI events, and the check that each acknowledged one is stored. */


/** A publisher of AI camera events (one `ai` alarm per camera, counting its events), each picUrl naming its message. */
export interface CameraPublisher {
  /** picUrls of the messages the broker acknowledged (PUBACK) to this publisher. */
  readonly acked: Set<string>;
  /** The same acknowledged messages counted per camera sn. */
  readonly ackedBySn: Map<string, number>;
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
  const ackedBySn = new Map<string, number>();
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
          if (!err && !acked.has(picUrl)) {
            acked.add(picUrl);
            ackedBySn.set(sn, (ackedBySn.get(sn) ?? 0) + 1);
          }
        },
      );
      await new Promise((r) => setTimeout(r, opts.everyMs ?? 5));
    }
  })();
  return {
    acked,
    ackedBySn,
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

/**
 * AI events stored per camera sn: the sum of the repeat counts of its `ai` alarms in the demo project. A
 * camera's repeated events of one kind count on one open alarm (docs/api.md "Alarm lifecycle"), and each
 * event's count is written before its PUBACK, so this is what an acknowledged event must have raised.
 */
export async function storedAiEvents(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('alarms').select(['device_sn', 'repeat_count']).where('kind', '=', 'ai').where('project_id', '=', DEMO_PROJECT.projectId).execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.device_sn, (out.get(r.device_sn) ?? 0) + Number(r.repeat_count ?? 1));
  return out;
}

/**
 * Acknowledged events per sn that the database does not account for (`lost`), and stored events beyond the
 * acknowledged ones (`extra`: at-least-once redeliveries, or events whose PUBACK never arrived).
 */
export function compareEvents(acked: Map<string, number>, stored: Map<string, number>): { lost: number; extra: number } {
  let lost = 0;
  let extra = 0;
  for (const [sn, n] of acked) lost += Math.max(0, n - (stored.get(sn) ?? 0));
  for (const [sn, n] of stored) extra += Math.max(0, n - (acked.get(sn) ?? 0));
  return { lost, extra };
}

/**
 * The fault suite's verdict: waits up to `waitMs` for every message the broker acknowledged to `pub` to be
 * stored as an alarm, asserts none is missing, and logs the counts (with `detail`) and the at-least-once
 * duplicates under `label`.
 */
export async function expectEveryAckedStored(db: Kysely<Database>, pub: CameraPublisher, label: string, waitMs: number, detail = ''): Promise<void> {
  let seen = { lost: -1, extra: 0 };
  await eventually(
    async () => {
      seen = compareEvents(pub.ackedBySn, await storedAiEvents(db));
      return seen.lost === 0;
    },
    waitMs,
    'every acknowledged message stored in its alarm',
  ).catch(() => undefined);
  expect({ acked: pub.acked.size, lost: seen.lost }).toEqual({ acked: pub.acked.size, lost: 0 });
  console.log(`[${label}] sent ${pub.sent()}, acknowledged ${pub.acked.size}${detail}, lost 0, stored beyond the acknowledged ${seen.extra}`);
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
