import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { INSPECTIONS, MAX_INSPECTIONS, formatChainage, type Inspection, type InspectionCategory, type InspectionListBody } from '../../../protocol';
import { inspectionStatis } from '../../inspections/statis';
import {
  deleteInspections,
  hasTunnel,
  InspectionPhotosRefused,
  inspectionCount,
  inspectionPhotos,
  inspectionRow,
  inspectionRows,
  insertInspections,
  inTransaction,
  rectifyInspection,
  reviewInspection,
  setInspectionPhotos,
  toInspection,
  updateInspection,
  type Database,
  type InspectionsTable,
} from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { parseBody } from '../validation';
import { beijingTime, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';

type ListFilter = Omit<Required<Pick<InspectionListBody, 'projectId'>> & InspectionListBody, 'offset' | 'limit'>;

/** Every inspection matching the filters, as of now (state and overdue decided per row); newest found first. */
async function matching(deps: HttpDeps, body: ListFilter): Promise<Inspection[]> {
  const nowMs = Date.now();
  const rows = await inspectionRows(deps.db, body.projectId, body, MAX_INSPECTIONS);
  return rows.map((r) => toInspection(r, nowMs)).filter((i) => !body.state || (body.state === 'overdue' ? i.overdue : i.state === body.state));
}

/** The row of inspection `inspectionId`, read or just changed; NOT_FOUND when the project has no such inspection. */
function found<R>(inspectionId: number, row: R | undefined): R {
  if (!row) throw new ApiError('NOT_FOUND', `No inspection ${inspectionId} in this project`);
  return row;
}

/** Inspection `row` as answered now, with its photos. */
async function answer(db: Kysely<Database>, projectId: string, row: Selectable<InspectionsTable>): Promise<Inspection> {
  const photos = await inspectionPhotos(db, projectId, [row.inspection_id]);
  return toInspection(row, Date.now(), photos.get(row.inspection_id));
}

/** Photo ids that are not free uploads of the project or not JPEG/PNG: VALIDATION naming them. */
function refused(err: unknown): never {
  if (err instanceof InspectionPhotosRefused) throw new ApiError('VALIDATION', err.message);
  throw err;
}

/** Columns of the inspection export (English headers and wire values, like the other exports). */
const EXPORT_COLUMNS: Array<ExportColumn<Inspection>> = [
  { header: 'Id', width: 8, cell: (i) => i.inspectionId },
  { header: 'Category', width: 10, cell: (i) => i.category },
  { header: 'Found on', width: 12, cell: (i) => i.foundOn },
  { header: 'Issue', width: 40, cell: (i) => i.issue },
  { header: 'Bore', width: 8, cell: (i) => i.tunnelId },
  { header: 'Chainage', width: 12, cell: (i) => (i.chainageM === null ? null : formatChainage(i.chainageM)) },
  { header: 'Place', width: 20, cell: (i) => i.place },
  { header: 'Severity', width: 10, cell: (i) => i.severity },
  { header: 'Responsible company', width: 28, cell: (i) => i.company },
  { header: 'Deadline', width: 12, cell: (i) => i.deadline },
  { header: 'Inspector', width: 14, cell: (i) => i.inspector },
  { header: 'State', width: 14, cell: (i) => i.state },
  { header: 'Overdue', width: 8, cell: (i) => (i.overdue ? 'yes' : '') },
  { header: 'Rectification', width: 40, cell: (i) => i.rectification },
  { header: 'Rectified on', width: 12, cell: (i) => i.rectifiedOn },
  { header: 'Review', width: 10, cell: (i) => i.review },
  { header: 'Reviewer', width: 14, cell: (i) => i.reviewer },
  { header: 'Reviewed (Beijing time)', width: 20, cell: (i) => beijingTime(i.reviewedAtMs) },
  { header: 'Photo note', width: 30, cell: (i) => i.photoNote },
];

/**
 * Quality and safety inspections (docs/api.md "Inspections"): members read the list, the export and the
 * summaries; project managers and administrators (`zone.edit`) record issues, rectifications and reviews,
 * audited (server/http/audit.ts). A rectification is recorded on an issue not closed; a review only of a
 * rectification awaiting one (CONFLICT otherwise). The photos of an issue and of its rectification are taken
 * from the project's uploads in the write's transaction and deleted with the inspection.
 */
export function registerInspectionRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, INSPECTIONS.list, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const all = await matching(deps, body);
    const page = all.slice(body.offset, body.offset + body.limit);
    const photos = await inspectionPhotos(db, body.projectId, page.map((i) => i.inspectionId));
    return { total: all.length, list: page.map((i) => ({ ...i, ...photos.get(i.inspectionId) })) };
  });

  route(app, deps, INSPECTIONS.save, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const f = body.inspection;
    if (f.tunnelId !== null && !(await hasTunnel(db, body.projectId, f.tunnelId))) {
      throw new ApiError('VALIDATION', `inspection.tunnelId: no bore ${f.tunnelId} in this project`);
    }
    const { projectId, inspectionId, attachmentIds } = body;
    const row = await inTransaction(db, async (tx) => {
      let saved: Selectable<InspectionsTable>;
      if (inspectionId === undefined) {
        if ((await inspectionCount(tx, projectId)) >= MAX_INSPECTIONS) throw new ApiError('VALIDATION', `inspection: the project keeps ${MAX_INSPECTIONS} inspections already`);
        [saved] = await insertInspections(tx, projectId, [f]);
      } else {
        saved = found(inspectionId, await updateInspection(tx, projectId, inspectionId, f));
      }
      if (attachmentIds !== undefined) await setInspectionPhotos(tx, projectId, saved.inspection_id, 'issue', attachmentIds);
      return saved;
    }).catch(refused);
    return answer(db, projectId, row);
  });

  route(app, deps, INSPECTIONS.rectify, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const current = found(body.inspectionId, await inspectionRow(db, body.projectId, body.inspectionId));
    const closed = new ApiError('CONFLICT', 'This inspection is closed: its rectification passed review');
    if (current.review === 'passed') throw closed;
    if (body.rectifiedOn < current.found_on) throw new ApiError('VALIDATION', 'rectifiedOn: before the day the issue was found');
    // the update checks again: a review that passed since the read wins
    const row = await inTransaction(db, async (tx) => {
      const rectified = await rectifyInspection(tx, body.projectId, body.inspectionId, body.rectification, body.rectifiedOn);
      if (!rectified) throw closed;
      await setInspectionPhotos(tx, body.projectId, body.inspectionId, 'rectification', body.rectificationAttachmentIds);
      return rectified;
    }).catch(refused);
    return answer(db, body.projectId, row);
  });

  route(app, deps, INSPECTIONS.review, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const current = found(body.inspectionId, await inspectionRow(db, body.projectId, body.inspectionId));
    const notAwaiting = new ApiError('CONFLICT', 'Only a rectification awaiting review can be reviewed');
    if (current.rectified_on === null || current.review !== null) throw notAwaiting;
    // the update checks again: of two reviews at once, the first wins and the second is refused
    const row = await reviewInspection(db, body.projectId, body.inspectionId, body.result, user.username, body.note);
    if (!row) throw notAwaiting;
    return answer(db, body.projectId, row);
  });

  route(app, deps, INSPECTIONS.delete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return { deleted: await inTransaction(db, (tx) => deleteInspections(tx, body.projectId, body.ids)) };
  });

  const statis = (category: InspectionCategory) => async ({ body, user }: { body: { projectId: string; days: number }; user: Parameters<typeof requireMember>[0] }) => {
    requireMember(user, body.projectId);
    return inspectionStatis(await matching(deps, { projectId: body.projectId, category }), body.days, Date.now());
  };
  route(app, deps, INSPECTIONS.safetyStatis, statis('safety'));
  route(app, deps, INSPECTIONS.qualityStatis, statis('quality'));

  // inspection/export: the file itself (not an envelope), every inspection matching the list's filters
  rawRoute(app, INSPECTIONS.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(INSPECTIONS.export.body, req.body);
    requireMember(user, body.projectId);
    const list = await matching(deps, body);
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`inspections-${body.projectId}`, 'xlsx'),
      sheetName: 'Inspections',
      columns: EXPORT_COLUMNS,
      pages: async function* () {
        yield list;
      },
    });
  });
}
