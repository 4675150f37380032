import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  ADMIN_ROUTES,
  MAX_AUDIT_EXPORT_ROWS,
  auditExportBody,
  auditListBody,
  type AuditEntry,
  type AuditPage,
  type SessionUser,
} from '../../../../protocol';
import { type Database } from '../../../storage';
import { requestUser } from '../../authorize';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { keysetPages, sendTableExport, type ExportColumn } from '../../tableExport';
import { parseBody } from '../../validation';

function toAuditEntry(r: Selectable<Database['audit_log']>): AuditEntry {
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

/** Audit entries of a project (and, for installation administrators, those of no project), filtered. */
function filteredAudit(db: Kysely<Database>, user: SessionUser, f: { projectId: string; q?: string; action?: string; fromMs?: number; toMs?: number }) {
  let q = db.selectFrom('audit_log');
  q = user.isAdmin
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

/** The audit log: a page of it, and its export as a file. */
export function registerAuditRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.auditList, auditListBody, async ({ body, user }): Promise<AuditPage> => {
    const limit = body.limit ?? 100;
    let q = filteredAudit(db, user, body).selectAll();
    if (body.beforeId !== undefined) q = q.where('audit_id', '<', body.beforeId);
    const rows = await q.orderBy('audit_id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit).map(toAuditEntry);
    return { rows: page, nextBeforeId: rows.length > limit ? page[page.length - 1].auditId : null };
  });

  // The file itself, not an envelope (as alarm/export): newest first, at most MAX_AUDIT_EXPORT_ROWS, read a page at a time.
  app.post(ADMIN_ROUTES.auditExport, async (req, reply) => {
    const user = requestUser(req);
    if (!user) throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    const body = parseBody(auditExportBody, req.body);
    const pages = keysetPages(
      async (beforeId: number | null, limit) => {
        let q = filteredAudit(db, user, body).selectAll();
        if (beforeId !== null) q = q.where('audit_id', '<', beforeId);
        return (await q.orderBy('audit_id', 'desc').limit(limit).execute()).map(toAuditEntry);
      },
      (e) => e.auditId,
      MAX_AUDIT_EXPORT_ROWS,
    );
    const columns: Array<ExportColumn<AuditEntry>> = [
      { header: 'time (UTC)', width: 22, cell: (e) => new Date(e.atMs).toISOString() },
      { header: 'user', width: 16, cell: (e) => e.username },
      { header: 'project', width: 16, cell: (e) => e.projectId ?? '' },
      { header: 'action', width: 18, cell: (e) => e.action },
      { header: 'target', width: 24, cell: (e) => e.target },
      { header: 'detail', width: 60, cell: (e) => e.detail },
    ];
    const fileName = `audit-${body.projectId}-${new Date().toISOString().slice(0, 10)}.${body.format}`;
    return sendTableExport(req, reply, { format: body.format, fileName, sheetName: 'Audit', columns, pages });
  });
}
