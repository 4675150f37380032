import type { FastifyInstance } from 'fastify';
import { EVENTS, MAX_EVENT_EXPORT_ROWS, type ProjectEvent } from '../../../protocol';
import { deleteEvent, EventAttachmentsRefused, eventsAfter, inTransaction, insertEvent, listEvents, updateEvent } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { beijingTime, keysetPages, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

const NOT_FOUND_MESSAGE = 'There is no such event in this project';

/** Columns of an event export (times in Beijing time; attachments by name). */
const EXPORT_COLUMNS: Array<ExportColumn<ProjectEvent>> = [
  { header: 'Event ID', width: 9, cell: (e) => e.eventId },
  { header: 'Time (Beijing time)', width: 20, cell: (e) => beijingTime(e.occurredAtMs) },
  { header: 'Kind', width: 12, cell: (e) => e.kind },
  { header: 'Recordable accident', width: 11, cell: (e) => (e.recordable ? 'yes' : '') },
  { header: 'Title', width: 36, cell: (e) => e.title },
  { header: 'Text', width: 60, cell: (e) => e.text },
  { header: 'Attachments', width: 40, cell: (e) => e.attachments.map((a) => a.fileName).join('; ') },
  { header: 'Recorded by', width: 14, cell: (e) => e.recordedBy },
  { header: 'Recorded (Beijing time)', width: 20, cell: (e) => beijingTime(e.recordedAtMs) },
  { header: 'Edited by', width: 14, cell: (e) => e.editedBy ?? '' },
  { header: 'Edited (Beijing time)', width: 20, cell: (e) => beijingTime(e.editedAtMs) },
];

/** A write whose attachment ids are not free uploads of the project: VALIDATION naming them. */
function refusedAttachments(err: unknown): never {
  if (err instanceof EventAttachmentsRefused) throw new ApiError('VALIDATION', err.message);
  throw err;
}

/**
 * The event book (docs/api.md "Event book"): list and export to members, add/edit/delete with `zone.edit`
 * (audited: server/http/audit.ts); an event's attachments are taken from the project's uploads and deleted
 * with it, in the event's transaction.
 */
export function registerEventBookRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, EVENTS.list, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { page, pageSize, ...filter } = body;
    const { total, list } = await listEvents(deps.db, filter, page, pageSize);
    return { total, page, pageSize, list };
  });

  route(app, deps, EVENTS.add, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId, ...fields } = body;
    return inTransaction(deps.db, (tx) => insertEvent(tx, projectId, fields, user.username, Date.now())).catch(refusedAttachments);
  });

  route(app, deps, EVENTS.edit, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId, eventId, ...fields } = body;
    const event = await inTransaction(deps.db, (tx) => updateEvent(tx, projectId, eventId, fields, user.username, Date.now())).catch(refusedAttachments);
    if (!event) throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return event;
  });

  route(app, deps, EVENTS.delete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await inTransaction(deps.db, (tx) => deleteEvent(tx, body.projectId, body.eventId)))) throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    return null;
  });

  rawRoute(app, EVENTS.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const { format, ...filter } = parseBody(EVENTS.export.body, req.body);
    requireMember(user, filter.projectId);
    const pages = keysetPages(
      (after: readonly [number, number] | null, limit) => eventsAfter(deps.db, filter, after, limit),
      (e) => [e.occurredAtMs, e.eventId] as const,
      MAX_EVENT_EXPORT_ROWS,
    );
    return sendTableExport(req, reply, { format, fileName: stampedFileName(`events-${filter.projectId}`, format), sheetName: 'Events', columns: EXPORT_COLUMNS, pages });
  });
}
