import type { FastifyInstance } from 'fastify';
import { archiveDimensionProblems, beijingDateOf, EQUIPMENT, EQUIPMENT_KINDS, equipmentRoleOf, type EquipmentRole } from '../../../protocol';
import { archiveOf, ArchiveFilesRefused, deviceKindOf, fleetArchives, inTransaction, saveArchive, type FleetArchiveRow } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** A day cell of the export: YYYY-MM-DD (Beijing), '' when not recorded. */
const dayCell = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : beijingDateOf(ms));

/** Columns of the archive export (English headers and wire values like the other exports; dates Beijing days). */
const EXPORT_COLUMNS: Array<ExportColumn<FleetArchiveRow>> = [
  { header: 'Device', width: 14, cell: (r) => r.sn },
  { header: 'Name', width: 20, cell: (r) => r.name },
  { header: 'Kind', width: 20, cell: (r) => r.kind },
  { header: 'Model', width: 16, cell: (r) => r.archive?.model ?? '' },
  { header: 'Maker', width: 22, cell: (r) => r.archive?.maker ?? '' },
  { header: 'Factory no.', width: 16, cell: (r) => r.archive?.serialNo ?? '' },
  { header: 'Manufactured', width: 12, cell: (r) => dayCell(r.archive?.manufacturedAtMs) },
  { header: 'Property unit', width: 24, cell: (r) => r.archive?.propertyUnit ?? '' },
  { header: 'Installation unit', width: 24, cell: (r) => r.archive?.installationUnit ?? '' },
  { header: 'Installed', width: 12, cell: (r) => dayCell(r.archive?.installedAtMs) },
  { header: 'Use registration no.', width: 20, cell: (r) => r.archive?.registrationNo ?? '' },
  { header: 'Inspection report no.', width: 20, cell: (r) => r.archive?.inspectionReportNo ?? '' },
  { header: 'Inspected', width: 12, cell: (r) => dayCell(r.archive?.lastInspectionMs) },
  { header: 'Next inspection', width: 14, cell: (r) => dayCell(r.archive?.nextInspectionMs) },
  { header: 'Rated load (t)', width: 13, cell: (r) => r.archive?.ratedLoadT ?? null },
  { header: 'Rated moment (kN·m)', width: 18, cell: (r) => r.archive?.ratedMomentKnm ?? null },
  { header: 'Max height (m)', width: 14, cell: (r) => r.archive?.maxHeightM ?? null },
  { header: 'Span / jib / boom (m)', width: 18, cell: (r) => r.archive?.maxSpanM ?? null },
  { header: 'Files', width: 8, cell: (r) => (r.archive ? Object.values(r.archive.files).reduce((n, list) => n + list.length, 0) : 0) },
];

/**
 * equipment/archive, archive/save and archive/export (protocol/equipmentArchive.ts, docs/api.md "Equipment").
 * Members read and export; saving needs threshold.edit and is audited (`equipment.archive`). A device not in
 * the project is NOT_FOUND; saving the archive of a device that is not lifting equipment too.
 */
export function registerEquipmentArchiveRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  /** @returns the kind of `sn` @throws ApiError NOT_FOUND when it is not a device of `projectId` */
  async function requireDevice(projectId: string, sn: string): Promise<string> {
    const kind = await deviceKindOf(db, projectId, sn);
    if (kind === undefined) throw new ApiError('NOT_FOUND', `device ${sn} is not in project ${projectId}`);
    return kind;
  }

  route(app, deps, EQUIPMENT.archive, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await requireDevice(body.projectId, body.sn);
    return { sn: body.sn, archive: await archiveOf(db, body.projectId, body.sn) };
  });

  route(app, deps, EQUIPMENT.archiveSave, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const role: EquipmentRole | undefined = equipmentRoleOf(await requireDevice(body.projectId, body.sn));
    if (!role) throw new ApiError('NOT_FOUND', `device ${body.sn} is not lifting equipment`);
    const misplaced = archiveDimensionProblems(body.archive, role.archive);
    if (misplaced.length > 0) throw new ApiError('VALIDATION', `archive.${misplaced[0]}: this kind of equipment does not record it; leave it empty`);
    await inTransaction(db, (tx) => saveArchive(tx, body.projectId, body.sn, body.archive, body.files)).catch((err: unknown) => {
      if (err instanceof ArchiveFilesRefused) throw new ApiError('VALIDATION', err.message);
      throw err;
    });
    return { sn: body.sn, archive: await archiveOf(db, body.projectId, body.sn) };
  });

  // The file itself (not an envelope): every lifting machine of the project, one row each, archived or not.
  rawRoute(app, EQUIPMENT.archiveExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(EQUIPMENT.archiveExport.body, req.body);
    requireMember(user, body.projectId);
    // bounded by the project's device registry
    const rows = await fleetArchives(db, body.projectId, EQUIPMENT_KINDS);
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`equipment-archives-${body.projectId}`, 'xlsx'),
      sheetName: 'Equipment archives',
      columns: EXPORT_COLUMNS,
      pages: async function* () {
        yield rows;
      },
    });
  });
}
