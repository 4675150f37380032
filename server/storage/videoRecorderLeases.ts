import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** A camera by project and serial number. */
export interface CameraKey {
  projectId: string;
  sn: string;
}

/** A camera's recorder lease: the node that records it and until when (ms since the epoch). */
export interface RecorderLease extends CameraKey {
  nodeId: string;
  expiresAtMs: number;
}

/**
 * Takes or renews `nodeId`'s recorder leases of `cameras` until `nowMs + leaseMs`, in one statement (so two
 * nodes asking at once cannot both win): a camera without a lease, with one of `nodeId`'s, or with one that
 * expired before `nowMs` becomes `nodeId`'s; a camera whose lease another node holds is left as it is.
 * @returns the cameras whose lease `nodeId` holds now (in no particular order)
 */
export async function takeRecorderLeases(db: Kysely<Database>, nodeId: string, cameras: readonly CameraKey[], nowMs: number, leaseMs: number): Promise<CameraKey[]> {
  if (cameras.length === 0) return [];
  const expiresAtMs = nowMs + leaseMs;
  const rows = await db
    .insertInto('video_recorder_leases')
    .values(cameras.map((c) => ({ project_id: c.projectId, sn: c.sn, node_id: nodeId, expires_at_ms: expiresAtMs })))
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'sn'])
        .doUpdateSet({ node_id: nodeId, expires_at_ms: expiresAtMs })
        .where((eb) => eb.or([eb('video_recorder_leases.node_id', '=', nodeId), eb('video_recorder_leases.expires_at_ms', '<', nowMs)])),
    )
    .returning(['project_id', 'sn'])
    .execute();
  return rows.map((r) => ({ projectId: r.project_id, sn: r.sn }));
}

/**
 * Gives up `nodeId`'s recorder leases: of `cameras`, or all of them when omitted (a node that stops), so
 * another node takes the cameras at its next sync instead of after the expiry. Another node's leases are
 * never touched.
 */
export async function releaseRecorderLeases(db: Kysely<Database>, nodeId: string, cameras?: readonly CameraKey[]): Promise<void> {
  if (cameras?.length === 0) return;
  let q = db.deleteFrom('video_recorder_leases').where('node_id', '=', nodeId);
  if (cameras) q = q.where((eb) => eb.or(cameras.map((c) => eb.and([eb('project_id', '=', c.projectId), eb('sn', '=', c.sn)]))));
  await q.execute();
}

/**
 * The recorder leases that end at or after `fromMs` (a lease is held up to its expiry inclusive), by project
 * and serial number: who records which camera. Asked with the present, the leases held now; with an earlier
 * instant, also those that ended since (a camera nobody took over). A removed camera's lease stays in the
 * table, expired, so asking from an instant bounds the answer.
 */
export async function recorderLeases(db: Kysely<Database>, fromMs: number): Promise<RecorderLease[]> {
  const rows = await db.selectFrom('video_recorder_leases').selectAll().where('expires_at_ms', '>=', fromMs).orderBy('project_id').orderBy('sn').execute();
  return rows.map((r) => ({ projectId: r.project_id, sn: r.sn, nodeId: r.node_id, expiresAtMs: r.expires_at_ms }));
}
