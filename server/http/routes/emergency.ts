import type { FastifyInstance } from 'fastify';
import {
  EMERGENCY,
  MAX_EMERGENCY_RECORDS,
  formatChainage,
  nearestSupplyPoints,
  plansFor,
  type EmergencyRecord,
  type EmergencyRegister,
} from '../../../protocol';
import { readMaterialSheet } from '../../emergency/materialImport';
import { clearEmergencyRegister, deleteEmergencyRecords, emergencyRecordCount, emergencyRecords, hasTunnel, inTransaction, insertEmergencyRecords, tunnelRows, updateEmergencyRecord } from '../../storage';
import { auditAsFailed } from '../audit';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { parseBody } from '../validation';
import { beijingTime, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';

/** Largest material sheet accepted (base64 in the JSON body). */
const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** A register's records matching the list filters (text in any field, a supply point's bore, a risk source's level). */
async function filtered(deps: HttpDeps, body: { projectId: string; register: EmergencyRegister; q?: string; tunnelId?: string; level?: string }): Promise<EmergencyRecord[]> {
  const q = body.q?.toLowerCase();
  return (await emergencyRecords(deps.db, body.projectId, body.register, body.tunnelId)).filter(
    (r) => (!q || Object.values(r).some((v) => JSON.stringify(v).toLowerCase().includes(q))) && (!body.level || (r.register === 'riskSource' && r.level === body.level)),
  );
}

type Row<R extends EmergencyRegister> = Extract<EmergencyRecord, { register: R }>;
const updated = <R extends EmergencyRecord>(): Array<ExportColumn<R>> => [
  { header: 'Updated (Beijing time)', width: 20, cell: (r) => beijingTime(r.updatedAtMs) },
  { header: 'Updated by', width: 14, cell: (r) => r.updatedBy },
];

/** Columns of each register's export (English headers and wire values, like the other exports). */
const EXPORT_COLUMNS: { [R in EmergencyRegister]: Array<ExportColumn<Row<R>>> } = {
  riskSource: [
    { header: 'Risk part', width: 28, cell: (r) => r.riskPart },
    { header: 'Risk level', width: 12, cell: (r) => r.level },
    { header: 'Accident type', width: 16, cell: (r) => r.accidentType },
    { header: 'Execution phase', width: 16, cell: (r) => r.executionPhase },
    { header: 'Control level', width: 12, cell: (r) => r.controlLevel },
    { header: 'Potential risks', width: 40, cell: (r) => r.potentialRisks },
    { header: 'Control measures', width: 40, cell: (r) => r.controlMeasures },
    { header: 'Safety officer', width: 14, cell: (r) => r.safetyOfficer },
    ...updated<Row<'riskSource'>>(),
  ],
  plan: [
    { header: 'Special plan', width: 32, cell: (r) => r.name },
    { header: 'Accident type', width: 16, cell: (r) => r.accidentType },
    { header: 'Leader', width: 14, cell: (r) => r.leader },
    { header: 'Leader phone', width: 16, cell: (r) => r.leaderPhone },
    { header: 'Contacts', width: 60, cell: (r) => r.contacts.map((c) => `${c.name}${c.duty ? ` (${c.duty})` : ''} ${c.phone}`).join('; ') },
    ...updated<Row<'plan'>>(),
  ],
  material: [
    { header: 'species', width: 24, cell: (r) => r.species },
    { header: 'quantity', width: 10, cell: (r) => r.quantity },
    { header: 'unit', width: 8, cell: (r) => r.unit },
    { header: 'section', width: 28, cell: (r) => r.section },
    ...updated<Row<'material'>>(),
  ],
  supplyPoint: [
    { header: 'Supply point', width: 24, cell: (r) => r.name },
    { header: 'Bore', width: 8, cell: (r) => r.tunnelId },
    { header: 'Chainage', width: 12, cell: (r) => formatChainage(r.chainageM) },
    { header: 'Contact', width: 14, cell: (r) => r.contact },
    { header: 'Phone', width: 16, cell: (r) => r.phone },
    { header: 'Kept there', width: 40, cell: (r) => r.note },
    ...updated<Row<'supplyPoint'>>(),
  ],
};

const SHEET_NAMES: Record<EmergencyRegister, string> = { riskSource: 'Risk sources', plan: 'Plans', material: 'Materials', supplyPoint: 'Supply points' };

/**
 * Emergency resources (docs/api.md "Emergency resources"): members read the registers and an alarm's
 * nearby supply points and plans; administrators (`project.admin`) add, edit, delete and import, audited
 * (server/http/audit.ts). A supply point's bore must be one of the project's.
 */
export function registerEmergencyRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, EMERGENCY.list, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const list = await filtered(deps, body);
    return { total: list.length, list };
  });

  route(app, deps, EMERGENCY.save, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const fields = body.record;
    if (fields.register === 'supplyPoint' && !(await hasTunnel(db, body.projectId, fields.tunnelId))) {
      throw new ApiError('VALIDATION', `record.tunnelId: no bore ${fields.tunnelId} in this project`);
    }
    if (body.recordId === undefined) {
      return inTransaction(db, async (tx) => {
        if ((await emergencyRecordCount(tx, body.projectId, fields.register)) >= MAX_EMERGENCY_RECORDS) throw new ApiError('VALIDATION', `record: the register holds ${MAX_EMERGENCY_RECORDS} records already`);
        const [saved] = await insertEmergencyRecords(tx, body.projectId, [fields], user.username);
        return saved;
      });
    }
    const saved = await updateEmergencyRecord(db, body.projectId, body.recordId, fields, user.username);
    if (!saved) throw new ApiError('NOT_FOUND', `No ${fields.register} record ${body.recordId} in this project`);
    return saved;
  });

  route(app, deps, EMERGENCY.delete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return { deleted: await deleteEmergencyRecords(db, body.projectId, body.recordIds) };
  });

  route(
    app,
    deps,
    EMERGENCY.materialImport,
    async ({ body, user, req }) => {
      requireMember(user, body.projectId);
      const { materials, problems } = await readMaterialSheet(Buffer.from(body.contentBase64, 'base64'));
      if (problems.length > 0) {
        auditAsFailed(req);
        return { imported: 0, problems };
      }
      return inTransaction(db, async (tx) => {
        if (body.replace) await clearEmergencyRegister(tx, body.projectId, 'material');
        else if ((await emergencyRecordCount(tx, body.projectId, 'material')) + materials.length > MAX_EMERGENCY_RECORDS) {
          auditAsFailed(req);
          return { imported: 0, problems: [{ row: 0, field: 'file', message: `the register would hold more than ${MAX_EMERGENCY_RECORDS} materials` }] };
        }
        const saved = await insertEmergencyRecords(tx, body.projectId, materials, user.username);
        return { imported: saved.length, problems: [] };
      });
    },
    { bodyLimit: IMPORT_BODY_LIMIT_BYTES },
  );

  route(app, deps, EMERGENCY.nearby, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { tunnelId, chainageM } = body;
    const place = tunnelId !== null && chainageM !== null ? { tunnelId, chainageM } : null;
    const [points, plans, bores] = await Promise.all([place ? emergencyRecords(db, body.projectId, 'supplyPoint', place.tunnelId) : [], emergencyRecords(db, body.projectId, 'plan'), tunnelRows(db, body.projectId)]);
    // the alarm's place is in metres from the bore's entry portal (as positions are); the points are placed by chainage
    const bore = place && bores.find((t) => t.tunnel_id === place.tunnelId);
    const supplyPoints = place && bore ? nearestSupplyPoints(points, bore.tunnel_id, bore.start_chainage_m + place.chainageM) : [];
    return { supplyPoints, plans: plansFor(plans, body.accidentTypes) };
  });

  // emergency/export: the file itself (not an envelope), the same records as emergency/list (server/http/tableExport.ts)
  rawRoute(app, EMERGENCY.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(EMERGENCY.export.body, req.body);
    requireMember(user, body.projectId);
    const list = await filtered(deps, body);
    const columns = EXPORT_COLUMNS[body.register] as Array<ExportColumn<EmergencyRecord>>;
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`emergency-${body.register}-${body.projectId}`, 'xlsx'),
      sheetName: SHEET_NAMES[body.register],
      columns,
      pages: async function* () {
        yield list;
      },
    });
  });
}
