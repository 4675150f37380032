import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Kysely } from 'kysely';
import { TOPIC_ROOT } from '../../protocol';
import type { Database } from '../storage/schema';
import { projectForCredentials } from './credentials';
import type { IngestCounter } from './ingestStats';

/** MQTT CONNACK return codes (MQTT 3.1.1 §3.2.2.3); aedes maps them to MQTT 5 reason codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const SERVER_UNAVAILABLE = 3;

/** Options of the embedded broker. */
export interface EmbeddedBrokerOptions {
  db: Kysely<Database>;
  /** TCP port; 0 picks a free one (see `port` of the result). */
  port: number;
  host?: string;
  /** Every device publication the broker accepted, in arrival order. Must not throw. */
  onMessage(topic: string, payload: Buffer): void;
  counter: IngestCounter;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** The TCP port actually bound. */
  port: number;
  /**
   * Closes the connections of every device logged in with project `projectId`'s credentials (after a
   * password rotation: the old password must stop working now, not at each device's next reconnect).
   * @returns how many connections were closed.
   */
  disconnectProject(projectId: string): number;
  /** Disconnects every client and stops listening. Idempotent. */
  close(): Promise<void>;
}

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Starts the embedded MQTT broker (aedes) for devices. A device logs in with its project's credentials
 * (looked up on every CONNECT) and may publish only under `zhgd/{thatProjectId}/`; anything else is
 * refused and the connection closed (aedes behaviour for a refused PUBLISH; MQTT-3.3.5-2) and counted as
 * `topic-forbidden`. The retain flag is dropped: nothing device-side is stored in the broker, so arbitrary
 * topics cannot grow its memory. The server consumes publications in process (the broker's `publish`
 * event), not as an MQTT client; internal publications (`$SYS` heartbeats, client null) are ignored.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const projectOf = new WeakMap<Client, string>();
  // Connected device clients per project, so a credential rotation can close exactly those.
  const connected = new Map<string, Set<Client>>();
  const broker = await Aedes.createBroker({ connectTimeout: 10_000, maxClientsIdLength: 128 });

  broker.authenticate = (client, username, password, done) => {
    projectForCredentials(opts.db, username, password).then(
      (projectId) => {
        if (projectId === null) {
          opts.log.warn({ clientId: client.id, username: username?.slice(0, 64) }, 'MQTT login refused: bad device credentials');
          return done(authError('bad device credentials', BAD_USERNAME_OR_PASSWORD), false);
        }
        projectOf.set(client, projectId);
        done(null, true);
      },
      (err: unknown) => {
        opts.log.error({ err }, 'MQTT login: credential lookup failed');
        done(authError('credential lookup failed', SERVER_UNAVAILABLE), false);
      },
    );
  };

  broker.authorizePublish = (client, packet, done) => {
    const projectId = client ? projectOf.get(client) : undefined;
    if (projectId === undefined || !packet.topic.startsWith(`${TOPIC_ROOT}/${projectId}/`)) {
      opts.counter.countRejected('topic-forbidden', packet.topic, `client ${client?.id ?? '?'} of project ${projectId ?? '?'}`, Date.now());
      return done(new Error(`publishing to ${packet.topic} is not allowed`));
    }
    packet.retain = false;
    done(null);
  };

  broker.authorizeSubscribe = (client, sub, done) => {
    const projectId = projectOf.get(client);
    if (projectId === undefined || !sub.topic.startsWith(`${TOPIC_ROOT}/${projectId}/`)) {
      return done(new Error(`subscribing to ${sub.topic} is not allowed`), null);
    }
    done(null, sub);
  };

  broker.on('publish', (packet, client) => {
    if (client === null) return;
    try {
      opts.onMessage(packet.topic, packet.payload as Buffer);
    } catch (err) {
      opts.log.error({ err }, 'device message handler threw');
    }
  });
  broker.on('clientReady', (client) => {
    const projectId = projectOf.get(client);
    if (projectId === undefined) return;
    const set = connected.get(projectId) ?? new Set<Client>();
    set.add(client);
    connected.set(projectId, set);
  });
  broker.on('clientDisconnect', (client) => {
    const projectId = projectOf.get(client);
    const set = projectId === undefined ? undefined : connected.get(projectId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) connected.delete(projectId!);
  });
  broker.on('clientError', (client, err) => opts.log.warn({ clientId: client.id, err: err.message }, 'MQTT client error'));

  const server: Server = createServer(broker.handle as (socket: import('node:net').Socket) => void);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((r) => broker.close(() => r()));
    throw err;
  }
  server.on('error', (err) => opts.log.error({ err }, 'MQTT listener error'));
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    port,
    disconnectProject(projectId) {
      const clients = [...(connected.get(projectId) ?? [])];
      connected.delete(projectId);
      for (const client of clients) client.close();
      const closed = clients.length;
      if (closed > 0) opts.log.warn({ projectId, closed }, 'MQTT: closed the project\'s device connections (credentials rotated)');
      return closed;
    },
    close() {
      closing ??= (async () => {
        await new Promise<void>((r) => broker.close(() => r()));
        await new Promise<void>((r) => server.close(() => r()));
      })();
      return closing;
    },
  };
}
