import type { Kysely, Selectable } from 'kysely';
import type { AuditEntry } from '../../protocol';
import type { AuditLogTable, Database } from './schema';

function toAuditEntry(r: Selectable<AuditLogTable>): AuditEntry {
  return {
    auditId: Number(r.audit_id),
    atMs: r.at_ms,
    username: r.username,
    projectId: r.project_id,
    action: r.action,
    target: r.target,
    detail: r.detail,
  };
}

/**
 * Which audit entries to read: those of `projectId` (with `withoutProject`, also those of no project,
 * which only installation administrators see), of one action, at `fromMs` ≤ time < `toMs` (ms since
 * epoch), and with `q` in the user, action, target or detail (case-insensitive).
 */
export interface AuditFilter {
  projectId: string;
  withoutProject: boolean;
  q?: string;
  action?: string;
  fromMs?: number;
  toMs?: number;
}

function filteredAudit(db: Kysely<Database>, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  q = f.withoutProject
    ? q.where((eb) => eb.or([eb('project_id', '=', f.projectId), eb('project_id', 'is', null)]))
    : q.where('project_id', '=', f.projectId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.fromMs !== undefined) q = q.where('at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('at_ms', '<', f.toMs);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('username', 'ilike', like), eb('action', 'ilike', like), eb('target', 'ilike', like), eb('detail', 'ilike', like)]));
  }
  return q;
}

/** At most `limit` audit entries matching `f` with an id below `beforeId` (any when null), newest first. */
export async function auditEntries(db: Kysely<Database>, f: AuditFilter, beforeId: number | null, limit: number): Promise<AuditEntry[]> {
  let q = filteredAudit(db, f).selectAll();
  if (beforeId !== null) q = q.where('audit_id', '<', beforeId);
  return (await q.orderBy('audit_id', 'desc').limit(limit).execute()).map(toAuditEntry);
}
