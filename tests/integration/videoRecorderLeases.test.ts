import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, VIDEO, type SystemStatus, type VideoHistory } from '../../protocol';
import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/storage/database';
import { takeRecorderLeases } from '../../server/storage/videoRecorderLeases';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { ffmpegBinary } from '../helpers/ffmpeg';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { loggedInClient, TEST_ADMIN_PASSWORD } from '../helpers/testServer';
import { besidePlaylist, dataOf, getFile } from '../helpers/videoStreams';

const PROJECT = 'demo-tunnel';
/** The recorder's sync period, s: leases last 3 of them (6 s). */
const SYNC_S = 2;
const LEASE_MS = 3 * SYNC_S * 1000;
/** A node that died holding CAM-01's lease: it is free this long after the test starts, ms. */
const DEAD_LEASE_MS = 20_000;

interface Node {
  id: string;
  server: RunningServer;
  admin: ApiClient;
}

describe('recorder leases: two nodes on one PostgreSQL and one record folder (real ffmpeg)', () => {
  let pg: TestPostgres;
  let videoDir: string;
  let recordDir: string;
  const nodes: Node[] = [];
  const startedMs = Date.now();
  let deadUntilMs = 0;

  const startNode = async (id: string): Promise<Node> => {
    const server = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        DATA_DIR: 'memory://',
        DATABASE_URL: pg.url,
        NODE_ID: id,
        SIMULATOR: 'off',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        RATE_LIMIT_API_PER_MINUTE: '0',
        SEED_LOCALE: 'en',
        FFMPEG_PATH: ffmpegBinary(),
        VIDEO_DIR: videoDir,
        VIDEO_RECORD_DIR: recordDir,
        VIDEO_RECORD: 'CAM-01',
        VIDEO_RECORD_SYNC_S: String(SYNC_S),
      }),
    );
    const node = { id, server, admin: await loggedInClient(server.url) };
    nodes.push(node);
    return node;
  };
  const statusOf = async (n: Node) => dataOf(await n.admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {})).video.recorder;
  const historyOf = async (n: Node) => {
    const r = await n.admin.post<VideoHistory>(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs - 60_000, toMs: Date.now() + 60_000 });
    return r.body.success && r.body.data ? r.body.data : null;
  };
  /** Seconds of recording in a history answer. */
  const recordedMs = (h: VideoHistory | null) => (h ? h.spans.reduce((n, s) => n + (s.endMs - s.startMs), 0) : 0);

  beforeAll(async () => {
    pg = await startTestPostgres();
    videoDir = mkdtempSync(path.join(tmpdir(), 'sb-vidlease-live-'));
    recordDir = mkdtempSync(path.join(tmpdir(), 'sb-vidlease-rec-'));
    // a node that died while recording CAM-01: its lease stays until it expires
    const open = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' });
    const nowMs = Date.now();
    await takeRecorderLeases(open.db, 'node-dead', [{ projectId: PROJECT, sn: 'CAM-01' }], nowMs, DEAD_LEASE_MS);
    deadUntilMs = nowMs + DEAD_LEASE_MS;
    await open.close();
    // one after the other: the first seeds the empty database
    await startNode('node-a');
    await startNode('node-b');
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) await n.server.close();
    await pg?.close();
    rmSync(videoDir, { recursive: true, force: true });
    rmSync(recordDir, { recursive: true, force: true });
  });

  it('records nothing while a dead node\'s lease lasts, then one node takes the camera', async () => {
    // a node that synced before the demo's cameras were seeded names the camera at its next sync
    const [a, b] = await Promise.all(
      nodes.map((n) => eventually(async () => { const s = await statusOf(n); return s.owners[0]?.name ? s : null; }, 3 * SYNC_S * 1000, 'the leased camera named', 200)),
    );
    if (Date.now() < deadUntilMs - 2 * SYNC_S * 1000) {
      // both nodes name the dead node and when its lease ends
      for (const s of [a, b]) expect(s.owners).toEqual([{ projectId: PROJECT, sn: 'CAM-01', name: expect.any(String), nodeId: 'node-dead', expiresAtMs: deadUntilMs }]);
      expect([...a.cameras, ...b.cameras]).toEqual([]);
    }
    await eventually(async () => (['node-a', 'node-b'].includes((await statusOf(nodes[0])).owners[0]?.nodeId ?? '') ? true : null), DEAD_LEASE_MS + LEASE_MS, 'the dead lease taken', 200);
    expect(Date.now()).toBeGreaterThanOrEqual(deadUntilMs);
  }, 60_000);

  it('records the camera on exactly one node, answers its history from the other, and hands it over when the owner stops', async () => {
    // exactly one node records CAM-01; both name it as the owner
    const owner = await eventually(
      async () => {
        const [a, b] = await Promise.all(nodes.map(statusOf));
        const recording = nodes.filter((_, i) => [a, b][i].cameras.some((c) => c.sn === 'CAM-01' && c.state === 'recording'));
        return recording.length === 1 ? recording[0] : null;
      },
      60_000,
      'CAM-01 recording on one node',
      500,
    );
    const other = nodes.find((n) => n !== owner)!;
    for (const n of nodes) {
      const askedMs = Date.now();
      const s = await statusOf(n);
      expect(s.nodeId).toBe(n.id);
      expect(s.owners).toEqual([{ projectId: PROJECT, sn: 'CAM-01', name: expect.any(String), nodeId: owner.id, expiresAtMs: expect.any(Number) }]);
      // held: renewed within the last sync or two, ending within one lease length
      expect(s.owners[0].expiresAtMs).toBeGreaterThanOrEqual(askedMs);
      expect(s.owners[0].expiresAtMs).toBeLessThanOrEqual(askedMs + LEASE_MS + 1_000);
    }
    // the other node records nothing and lists no camera of its own
    expect((await statusOf(other)).cameras).toEqual([]);
    const metrics = await (await getFile(other.server, other.admin, OPERATIONS.metrics.path)).text();
    expect(metrics).toContain(`siteboard_video_recorder_lease{project="${PROJECT}",sn="CAM-01",node="${owner.id}",self="false"} 1`);
    expect(metrics).toMatch(new RegExp(`siteboard_video_recorder_lease_expiry_timestamp_seconds\\{project="${PROJECT}",sn="CAM-01",node="${owner.id}",self="false"\\} \\d{10}\n`));
    const ownerMetrics = await (await getFile(owner.server, owner.admin, OPERATIONS.metrics.path)).text();
    expect(ownerMetrics).toContain(`siteboard_video_recorder_lease{project="${PROJECT}",sn="CAM-01",node="${owner.id}",self="true"} 1`);

    // history asked of the node that does not record: the owner's segments, read from the shared folder
    const history = await eventually(async () => {
      const h = await historyOf(other);
      return recordedMs(h) >= 4_000 ? h : null;
    }, 60_000, 'CAM-01 history on the other node', 500);
    const ownerHistory = await historyOf(owner);
    expect(ownerHistory?.spans[0].startMs).toBe(history!.spans[0].startMs);
    const playlist = await getFile(other.server, other.admin, history!.playlist);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
    const segment = text.split('\n').find((l) => l.startsWith('record?') && !l.includes('init.mp4'));
    expect(map).toBeTruthy();
    expect(segment).toBeTruthy();
    expect((await getFile(other.server, other.admin, besidePlaylist(history!.playlist, map!))).status).toBe(200);
    const seg = await getFile(other.server, other.admin, besidePlaylist(history!.playlist, segment!));
    expect(seg.status).toBe(200);
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    const before = recordedMs(history);

    // the owner stops: the other takes the lease within the lease time and records on
    const closedMs = Date.now();
    await owner.server.close();
    nodes.splice(nodes.indexOf(owner), 1);
    await eventually(async () => ((await statusOf(other)).owners[0]?.nodeId === other.id ? true : null), LEASE_MS, 'the lease taken over', 200);
    expect(Date.now() - closedMs).toBeLessThan(LEASE_MS + 2_000);
    await eventually(
      async () => ((await statusOf(other)).cameras.find((c) => c.sn === 'CAM-01')?.state === 'recording' ? true : null),
      60_000,
      'CAM-01 recording on the other node',
      500,
    );
    // its history keeps what the first node recorded and goes on
    const after = await eventually(async () => {
      const h = await historyOf(other);
      return recordedMs(h) > before + 4_000 ? h : null;
    }, 60_000, 'more history after the hand-over', 500);
    expect(after!.spans[0].startMs).toBe(history!.spans[0].startMs);
  }, 240_000);
});
