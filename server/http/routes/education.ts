import type { FastifyInstance } from 'fastify';
import { EDUCATION, MAX_EDUCATION_RECORDS, educationStatis, type EducationRecord } from '../../../protocol';
import { deleteEducation, EducationRefused, educationCount, educationPeople, educationStatisRecords, inTransaction, insertEducation, listEducation, updateEducation } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { beijingTime, EXPORT_PAGE_ROWS, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

const NOT_FOUND_MESSAGE = 'There is no such education record in this project';

/** Columns of the education export (Beijing time, English headers and wire values like the other exports). */
const EXPORT_COLUMNS: Array<ExportColumn<EducationRecord>> = [
  { header: 'Record ID', width: 9, cell: (r) => r.recordId },
  { header: 'Trained (Beijing time)', width: 20, cell: (r) => beijingTime(r.trainedAtMs) },
  { header: 'Type', width: 18, cell: (r) => r.type },
  { header: 'Theme', width: 36, cell: (r) => r.theme },
  { header: 'Method', width: 10, cell: (r) => r.method },
  { header: 'Hours', width: 7, cell: (r) => r.hours },
  { header: 'Participants', width: 8, cell: (r) => r.participants.length },
  { header: 'Person-hours', width: 10, cell: (r) => Math.round(r.hours * r.participants.length * 10) / 10 },
  { header: 'Names', width: 60, cell: (r) => r.participants.map((p) => p.name || p.personId).join('; ') },
  { header: 'Team (pre-shift)', width: 14, cell: (r) => r.team },
  { header: 'Initiator', width: 12, cell: (r) => r.initiator },
  { header: 'Attachments', width: 40, cell: (r) => r.attachments.map((a) => a.fileName).join('; ') },
  { header: 'Recorded by', width: 14, cell: (r) => r.recordedBy },
];

/** A write naming a participant not in the registry or an attachment that is not a free upload: VALIDATION naming them. */
function refused(err: unknown): never {
  if (err instanceof EducationRefused) throw new ApiError('VALIDATION', err.message);
  throw err;
}

/**
 * Safety education (docs/api.md "Safety education"): list, statistics, who has the three-level education
 * and the export to members; record, change and delete with `zone.edit` (audited: server/http/audit.ts). A
 * record's attachments are taken from the project's uploads and deleted with it, in its transaction. A
 * write reloads the project's live rules, so a three-level record clears its people's
 * `noEntryEducation` warnings at once (server/rules/zoneRules.ts).
 */
export function registerEducationRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, EDUCATION.list, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { offset, limit, ...filter } = body;
    return listEducation(db, filter, offset, limit);
  });

  route(app, deps, EDUCATION.save, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId, recordId, record } = body;
    const nowMs = Date.now();
    const saved = await inTransaction(db, async (tx) => {
      if (recordId !== undefined) return updateEducation(tx, projectId, recordId, record, nowMs);
      if ((await educationCount(tx, projectId)) >= MAX_EDUCATION_RECORDS) throw new ApiError('VALIDATION', `record: the project keeps ${MAX_EDUCATION_RECORDS} education records already`);
      return insertEducation(tx, projectId, record, user.username, nowMs);
    }).catch(refused);
    if (!saved) throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    await deps.live().reloadDevices(projectId);
    return saved;
  });

  route(app, deps, EDUCATION.delete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await inTransaction(db, (tx) => deleteEducation(tx, body.projectId, body.recordId)))) throw new ApiError('NOT_FOUND', NOT_FOUND_MESSAGE);
    await deps.live().reloadDevices(body.projectId);
    return { recordId: body.recordId };
  });

  route(app, deps, EDUCATION.statis, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return educationStatis(await educationStatisRecords(db, body.projectId, body.fromMs, body.toMs), Date.now());
  });

  route(app, deps, EDUCATION.people, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const all = await educationPeople(db, body.projectId);
    const without = all.filter((p) => !p.threeLevel);
    return { list: body.withoutThreeLevelOnly ? without : all, withoutThreeLevel: without.length };
  });

  // education/export: the file itself (not an envelope), every record matching the list's filters, read a page at a time
  rawRoute(app, EDUCATION.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(EDUCATION.export.body, req.body);
    requireMember(user, body.projectId);
    const { offset: _offset, limit: _limit, ...filter } = body;
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`education-${body.projectId}`, 'xlsx'),
      sheetName: 'Safety education',
      columns: EXPORT_COLUMNS,
      pages: async function* () {
        for (let offset = 0; offset < MAX_EDUCATION_RECORDS; offset += EXPORT_PAGE_ROWS) {
          const { list } = await listEducation(db, filter, offset, EXPORT_PAGE_ROWS);
          if (list.length > 0) yield list;
          if (list.length < EXPORT_PAGE_ROWS) return;
        }
      },
    });
  });
}
