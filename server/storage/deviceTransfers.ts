import type { Kysely } from 'kysely';
import { effectiveState, MAX_PENDING_TRANSFERS, type DeviceKind, type DeviceTransfer, type TransferState } from '../../protocol';
import { deleteEnded } from './invitations';
import type { Database } from './schema';

/** Most requests a list answers (newest first). */
const LIST_LIMIT = 200;

/** A registration of a serial number in a project of another organisation than the caller's. */
export interface ForeignHolder {
  sn: string;
  kind: string;
  projectId: string;
}

/**
 * The registrations of `sns` in projects of organisations other than `projectId`'s (serial numbers are
 * unique within an organisation only; docs/api.md "Device serials across organisations").
 */
export async function foreignHolders(db: Kysely<Database>, projectId: string, sns: string[]): Promise<ForeignHolder[]> {
  if (sns.length === 0) return [];
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('projects as p', 'p.project_id', 'd.project_id')
    .select(['d.sn', 'd.kind', 'd.project_id'])
    .where('d.sn', 'in', sns)
    .where('p.co_id', '<>', (eb) => eb.selectFrom('projects').select('co_id').where('project_id', '=', projectId))
    .orderBy('d.sn')
    .orderBy('d.project_id')
    .execute();
  return rows.map((r) => ({ sn: r.sn, kind: r.kind, projectId: r.project_id }));
}

/**
 * Asks the holders' projects to release their serial numbers to `toProjectId`, open until `expiresAtMs`.
 * An open request for the same serial, holder and project is not repeated; requests beyond
 * {@link MAX_PENDING_TRANSFERS} open ones of `toProjectId` are not made. Requests that ended more than
 * TENANCY_KEEP_MS ago are deleted on the way (deleteEnded). How many were made.
 */
export async function requestTransfers(db: Kysely<Database>, toProjectId: string, requestedBy: string, holders: ForeignHolder[], nowMs: number, expiresAtMs: number): Promise<number> {
  await deleteEnded(db, 'device_transfers', nowMs);
  const open = await db
    .selectFrom('device_transfers')
    .select(['sn', 'from_project_id'])
    .where('to_project_id', '=', toProjectId)
    .where('state', '=', 'pending')
    .where('expires_at_ms', '>', nowMs)
    .execute();
  const asked = new Set(open.map((o) => `${o.from_project_id}\u0000${o.sn}`));
  const fresh = holders.filter((h) => !asked.has(`${h.projectId}\u0000${h.sn}`)).slice(0, Math.max(0, MAX_PENDING_TRANSFERS - open.length));
  if (fresh.length === 0) return 0;
  await db
    .insertInto('device_transfers')
    .values(
      fresh.map((h) => ({
        sn: h.sn,
        kind: h.kind,
        from_project_id: h.projectId,
        to_project_id: toProjectId,
        requested_by: requestedBy,
        created_at_ms: nowMs,
        expires_at_ms: expiresAtMs,
        state: 'pending',
      })),
    )
    .execute();
  return fresh.length;
}

/** The transfer requests addressed to holder project `projectId`, newest first (at most 200), with their state at `nowMs`. */
export async function transfersOf(db: Kysely<Database>, projectId: string, nowMs: number): Promise<DeviceTransfer[]> {
  const rows = await db
    .selectFrom('device_transfers as t')
    .innerJoin('projects as p', 'p.project_id', 't.to_project_id')
    .select(['t.transfer_id', 't.sn', 't.kind', 't.from_project_id', 't.to_project_id', 'p.name', 'p.co_name', 't.requested_by', 't.created_at_ms', 't.expires_at_ms', 't.state', 't.decided_at_ms'])
    .where('t.from_project_id', '=', projectId)
    .orderBy('t.transfer_id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    transferId: r.transfer_id,
    sn: r.sn,
    kind: r.kind as DeviceKind,
    projectId: r.from_project_id,
    toProjectId: r.to_project_id,
    toProjectName: r.name,
    toCoName: r.co_name,
    requestedBy: r.requested_by,
    createdAtMs: r.created_at_ms,
    expiresAtMs: r.expires_at_ms,
    state: effectiveState(r.state as TransferState, r.expires_at_ms, nowMs),
    decidedAtMs: r.decided_at_ms,
  }));
}

/**
 * Ends open request `transferId` addressed to `projectId` as `state` by `by` at `nowMs`: the request as it
 * was, or undefined when there is no such open request (decided, expired, unknown or another project's).
 */
export async function closeTransfer(
  db: Kysely<Database>,
  projectId: string,
  transferId: number,
  state: 'approved' | 'refused',
  by: string,
  nowMs: number,
): Promise<{ sn: string; toProjectId: string } | undefined> {
  const row = await db
    .updateTable('device_transfers')
    .set({ state, decided_by: by, decided_at_ms: nowMs })
    .where('transfer_id', '=', transferId)
    .where('from_project_id', '=', projectId)
    .where('state', '=', 'pending')
    .where('expires_at_ms', '>', nowMs)
    .returning(['sn', 'to_project_id'])
    .executeTakeFirst();
  return row && { sn: row.sn, toProjectId: row.to_project_id };
}
