import type { FastifyInstance } from 'fastify';
import { ADMIN, MAX_AUDIT_EXPORT_ROWS, type AuditEntry, type SessionUser } from '../../../../protocol';
import { auditEntries, type AuditFilter } from '../../../storage';
import { rawRoute, route, sessionUserOf, type HttpDeps } from '../../context';
import { keysetPages, sendTableExport, type ExportColumn } from '../../tableExport';
import { parseBody } from '../../validation';

/** The audit filter of a request: installation administrators also see the entries of no project. */
function auditFilter(user: SessionUser, f: Omit<AuditFilter, 'withoutProject'>): AuditFilter {
  return { projectId: f.projectId, withoutProject: user.isAdmin, q: f.q, action: f.action, fromMs: f.fromMs, toMs: f.toMs };
}

/** The audit log: a page of it, and its export as a file. */
export function registerAuditRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.auditList, async ({ body, user }) => {
    const limit = body.limit ?? 100;
    const rows = await auditEntries(db, auditFilter(user, body), body.beforeId ?? null, limit + 1);
    const page = rows.slice(0, limit);
    return { rows: page, nextBeforeId: rows.length > limit ? page[page.length - 1].auditId : null };
  });

  // The file itself, not an envelope (as alarm/export): newest first, at most MAX_AUDIT_EXPORT_ROWS, read a page at a time.
  rawRoute(app, ADMIN.auditExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(ADMIN.auditExport.body, req.body);
    const pages = keysetPages(
      (beforeId: number | null, limit) => auditEntries(db, auditFilter(user, body), beforeId, limit),
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
