import type { FastifyInstance } from 'fastify';
import { EQUIPMENT_KINDS, LIFTING_DRIVERS, type LiftingDriver } from '../../../protocol';
import { DRIVER_HEADERS, driverRow, readDriverSheet } from '../../lifting/driverSheet';
import { devicesOfKinds, driverRecords, DriverIdNumberTaken, inTransaction, insertDrivers, updateDriver } from '../../storage';
import { ApiError } from '../errors';
import { auditAsFailed } from '../audit';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';
import { driverOf } from './liftingDrivers';

/** Largest driver sheet accepted (base64 in the JSON body). */
const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Widths (.xlsx characters) of the sheet's columns. */
const WIDTHS: Readonly<Record<keyof typeof DRIVER_HEADERS, number>> = {
  driverId: 12,
  name: 14,
  gender: 8,
  idNumber: 22,
  phone: 16,
  cardNo: 12,
  certificateNo: 20,
  certificateType: 28,
  issuingAuthority: 24,
  issued: 12,
  validUntil: 12,
  machines: 24,
};

/** The sheet's columns, headers as the import reads them first, so an exported register imports as it is. */
const COLUMNS: Array<ExportColumn<LiftingDriver>> = (Object.keys(DRIVER_HEADERS) as Array<keyof typeof DRIVER_HEADERS>).map((c) => ({
  header: DRIVER_HEADERS[c][0],
  width: WIDTHS[c],
  cell: (d) => driverRow(d)[c],
}));

/** The template's one example row, so the format of every column shows. */
const TEMPLATE_EXAMPLE: LiftingDriver = {
  driverId: 'D001',
  name: '张伟',
  gender: 'male',
  idNumber: '11010519491231002X',
  phone: '13800000000',
  cardNo: 'C-001',
  certificateNo: 'T110105202400001',
  certificateType: '建筑起重司机（塔式起重机）',
  issuingAuthority: '北京市住房和城乡建设委员会',
  certificateIssuedMs: Date.parse('2024-03-01T00:00:00+08:00'),
  certificateExpiryMs: Date.parse('2030-03-01T00:00:00+08:00'),
  certificateStatus: 'valid',
  machines: ['TC-01'],
};

/**
 * equipment/driver/importTemplate, import and export (protocol/contracts/liftingDrivers.ts, docs/api.md
 * "Equipment"): the driver register as an .xlsx sheet. Need threshold.edit like the register's changes; the
 * import and the export are audited (server/http/audit.ts), a refused import as `driver.import.failed`.
 */
export function registerLiftingDriverFileRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  rawRoute(app, LIFTING_DRIVERS.driverImportTemplate, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(LIFTING_DRIVERS.driverImportTemplate.body, req.body);
    requireMember(user, body.projectId);
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: `drivers-${body.projectId}-template.xlsx`,
      sheetName: 'Drivers',
      columns: COLUMNS,
      pages: async function* () {
        yield [TEMPLATE_EXAMPLE];
      },
    });
  });

  rawRoute(app, LIFTING_DRIVERS.driverExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(LIFTING_DRIVERS.driverExport.body, req.body);
    requireMember(user, body.projectId);
    const atMs = Date.now();
    // bounded: a project registers at most MAX_DRIVERS_PER_PROJECT drivers
    const drivers = (await driverRecords(db, body.projectId)).map((r) => driverOf(r, user, atMs));
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`drivers-${body.projectId}`, 'xlsx'),
      sheetName: 'Drivers',
      columns: COLUMNS,
      pages: async function* () {
        yield drivers;
      },
    });
  });

  route(
    app,
    deps,
    LIFTING_DRIVERS.driverImport,
    async ({ body, user, req }) => {
      requireMember(user, body.projectId);
      const [machines, registered] = await Promise.all([devicesOfKinds(db, body.projectId, EQUIPMENT_KINDS), driverRecords(db, body.projectId)]);
      const { drivers, problems } = await readDriverSheet(Buffer.from(body.contentBase64, 'base64'), {
        machines: new Set(machines.map((m) => m.sn)),
        registered: registered.map((r) => ({ driverId: r.driver_id, idNumber: r.id_number })),
      });
      if (problems.length > 0) {
        auditAsFailed(req);
        return { created: 0, updated: 0, problems };
      }
      const added = drivers.filter((d) => !d.exists);
      const replaced = drivers.filter((d) => d.exists);
      await inTransaction(db, async (tx) => {
        await insertDrivers(tx, body.projectId, added);
        for (const d of replaced) await updateDriver(tx, body.projectId, d.driverId, d.fields);
      }).catch((err: unknown) => {
        // a driver saved since the sheet was checked took one of its ID numbers
        if (err instanceof DriverIdNumberTaken) throw new ApiError('VALIDATION', err.message);
        throw err;
      });
      return { created: added.length, updated: replaced.length, problems: [] };
    },
    { bodyLimit: IMPORT_BODY_LIMIT_BYTES },
  );
}
