import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHj212Listener, type Hj212Listener } from '../../../../server/hj212/listener';
import { formatData, formatDataTime, framePacket, Hj212Framer } from '../../../../server/hj212/codec';
import { IngestCounter } from '../../../../server/ingest/ingestStats';
import { deviceForLogin } from '../../../../server/storage';
import type { OpenDatabase } from '../../../../server/storage/database';
import { toJson } from '../../../../server/storage/mappers';
import { eventually } from '../../../helpers/eventually';
import { openTestDatabase } from '../../../helpers/storageDb';

/** Minute data (CN 2051, Flag 5: answer asked) of `mn` with PW `pw`. */
const minute = (mn: string, pw: string, ts: number) =>
  framePacket(formatData({ st: '22', cn: '2051', pw, mn, flag: 5, cp: [{ DataTime: formatDataTime(ts) }, { 'LA-Avg': '50.0', 'LA-Flag': 'N' }] }));

describe('HJ 212 listener logins (real sockets, real database)', () => {
  let database: OpenDatabase;
  let listener: Hj212Listener;
  const lookups: string[] = [];
  const topics: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(['p1']);
    for (const sn of ['ENV-1', 'ENV-2']) {
      await database.db
        .insertInto('devices')
        .values({ project_id: 'p1', sn, kind: 'environment', name: sn, position: 'portal', tunnel_id: null, report_period_s: 60, thresholds: toJson([]), status: 'unknown', last_seen_ms: null, latest: null })
        .execute();
    }
    listener = await startHj212Listener({
      port: 0,
      host: '127.0.0.1',
      findDevice: (mn) => {
        lookups.push(mn);
        return deviceForLogin(database.db, mn);
      },
      onMessage: async (topic) => {
        topics.push(topic);
        return 'accepted';
      },
      counter: new IngestCounter(),
      log: { warn: () => undefined, error: () => undefined },
    });
  });

  afterAll(async () => {
    await listener?.close();
    await database?.close();
  });

  const open = async () => {
    const socket: Socket = tcpConnect(listener.port, '127.0.0.1');
    const answers: string[] = [];
    const state = { closed: false };
    socket.on('close', () => (state.closed = true));
    const framer = new Hj212Framer();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      for (const e of framer.push(chunk)) if ('data' in e) answers.push(e.data);
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, answers, state };
  };

  it('looks the device up once per connection and MN, not per packet, and still checks the PW of every packet', async () => {
    const { socket, answers, state } = await open();
    const t0 = Date.UTC(2026, 5, 1, 4, 0);
    for (let i = 0; i < 3; i++) socket.write(minute('ENV-1', 'p', t0 + i * 60_000));
    await eventually(() => answers.length === 3, 5_000, 'three answers');
    expect(lookups).toEqual(['ENV-1']);
    expect(topics).toEqual(Array(3).fill('zhgd/p1/environment/ENV-1/telemetry'));
    // another MN on the same connection is looked up (and goes to its own topic)
    socket.write(minute('ENV-2', 'p', t0));
    await eventually(() => answers.length === 4, 5_000, 'fourth answer');
    expect(lookups).toEqual(['ENV-1', 'ENV-2']);
    expect(topics.at(-1)).toBe('zhgd/p1/environment/ENV-2/telemetry');
    // a wrong PW after the login still closes the connection
    socket.write(minute('ENV-2', 'wrong', t0 + 60_000));
    await eventually(() => state.closed, 5_000, 'connection closed');
    expect(answers).toHaveLength(4);
    expect(lookups).toEqual(['ENV-1', 'ENV-2']);
    socket.destroy();
  });

  it("closes the connections logged in as a project's devices when its device password is rotated", async () => {
    const t0 = Date.UTC(2026, 5, 1, 5, 0);
    const logged = await open();
    logged.socket.write(minute('ENV-1', 'p', t0));
    await eventually(() => logged.answers.length === 1, 5_000, 'answer');
    const notYet = await open(); // no login yet: not the project's
    expect(listener.disconnectProject('other')).toBe(0);
    expect(listener.disconnectProject('p1')).toBe(1);
    await eventually(() => logged.state.closed, 5_000, 'logged-in connection closed');
    expect(notYet.state.closed).toBe(false);
    notYet.socket.destroy();
  });
});
