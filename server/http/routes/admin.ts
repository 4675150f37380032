import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  ADMIN_ROUTES,
  MAX_AUDIT_EXPORT_ROWS,
  SILENT_PERIODS,
  auditExportBody,
  auditListBody,
  deviceAddBody,
  deviceEditBody,
  deviceImportBody,
  deviceMoveBody,
  deviceRegistryListBody,
  deviceRemoveBody,
  listsMeasured,
  memberListBody,
  memberRemoveBody,
  memberSetBody,
  orgAddBody,
  orgEditBody,
  orgListBody,
  passwordChangeBody,
  passwordProblem,
  projectAddBody,
  projectArchiveBody,
  projectDetailsBody,
  projectEditBody,
  projectListBody,
  roleIn,
  userAddBody,
  userDisableBody,
  userListBody,
  userResetPasswordBody,
  type AuditEntry,
  type AuditPage,
  type DeviceKind,
  type ImportResult,
  type Member,
  type Organisation,
  type PasswordReset,
  type ProjectDetails,
  type RegistryDevice,
  type Role,
  type SessionUser,
  type UserInfo,
} from '../../../protocol';
import { defaultThresholdsFor } from '../../rules/defaultThresholds';
import { mqttUsernameFor } from '../../seed';
import { fromJson, toJson, type Database } from '../../storage';
import type { ProjectsTable } from '../../storage/schema';
import { requestUser } from '../authorize';
import { postRoute, requireMember, type HttpDeps } from '../context';
import { readDeviceImport, type ImportedDevice } from '../deviceImport';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { hashPassword, randomPassword, verifyPassword } from '../passwords';
import { hashToken, SESSION_COOKIE } from '../sessions';
import { keysetPages, sendTableExport, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** Messages of the administration routes (shown as they are). */
export const ADMIN_MESSAGES = {
  passwordLength: 'Password: at least 10 characters',
  passwordLetterAndDigit: 'Password: use letters and digits',
  passwordUsername: 'Password: must not contain the user name',
  wrongPassword: 'The current password is not right',
  samePassword: 'Password: choose a password different from the current one',
  exists: 'That id is already taken',
  wallScreenRole: 'A wall-screen account can only have the wall screen role, and only it',
  lastAdmin: 'A project keeps at least one organisation administrator',
  selfDisable: 'You cannot disable your own account',
  moveTarget: 'You are not an organisation administrator of the target project',
  unknownOrg: 'No such organisation',
} as const;

function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem === 'length') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordLength);
  if (problem === 'letterAndDigit') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordLetterAndDigit);
  if (problem === 'username') throw new ApiError('VALIDATION', ADMIN_MESSAGES.passwordUsername);
}

function toOrganisation(r: { co_id: string; name: string; logo: string; archived_at_ms: number | null }): Organisation {
  return { coId: r.co_id, name: r.name, logo: r.logo, archived: r.archived_at_ms !== null };
}

function toProjectDetails(r: Selectable<ProjectsTable>, role: Role | null): ProjectDetails {
  return {
    projectId: r.project_id,
    coId: r.co_id,
    coName: r.co_name,
    name: r.name,
    projectType: r.project_type as ProjectDetails['projectType'],
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    contractor: r.contractor,
    startDate: r.start_date,
    plannedEndDate: r.planned_end_date,
    keyFigures: fromJson(r.key_figures),
    archived: r.archived_at_ms !== null,
    role,
    createdAtMs: r.created_at_ms,
  };
}

/** A DB row's project fields from a partial of ProjectFields. */
function projectColumns(b: Partial<Omit<ProjectDetails, 'projectId' | 'coId' | 'coName' | 'archived' | 'role' | 'createdAtMs'>>) {
  return {
    ...(b.name !== undefined && { name: b.name }),
    ...(b.projectType !== undefined && { project_type: b.projectType }),
    ...(b.location !== undefined && { location: b.location }),
    ...(b.latitude !== undefined && { latitude: b.latitude }),
    ...(b.longitude !== undefined && { longitude: b.longitude }),
    ...(b.contractor !== undefined && { contractor: b.contractor }),
    ...(b.startDate !== undefined && { start_date: b.startDate }),
    ...(b.plannedEndDate !== undefined && { planned_end_date: b.plannedEndDate }),
    ...(b.keyFigures !== undefined && { key_figures: toJson(b.keyFigures) }),
  };
}

/** Whether a device is silent: never seen, or not for {@link SILENT_PERIODS} reporting periods. */
function isSilent(lastSeenMs: number | null, reportPeriodS: number, nowMs: number): boolean {
  return lastSeenMs === null || nowMs - lastSeenMs > SILENT_PERIODS * reportPeriodS * 1000;
}

/** Device columns of a registry device (thresholds from the kind's defaults for a new device). */
function deviceColumns(d: ImportedDevice) {
  return {
    kind: d.kind,
    name: d.name,
    station: d.station,
    position: d.position,
    tunnel_id: d.tunnelId,
    chainage_m: d.chainageM,
    report_period_s: d.reportPeriodS,
  };
}

/** The gases a gas device measures, read from its thresholds (the registry keeps no other copy). */
function gasesOf(kind: string, thresholds: unknown): string[] {
  if (!listsMeasured(kind)) return [];
  return fromJson<{ metric: string }[]>(thresholds).map((t) => t.metric);
}

/**
 * Writes the devices of a project in one transaction: new serial numbers are inserted with their kind's
 * default thresholds; known ones are updated (kind unchanged: a kind change is remove and add).
 * @throws ApiError VALIDATION when a known device's kind differs, CONFLICT when a serial number belongs to
 * another project. Nothing is written then.
 */
async function upsertDevices(db: Kysely<Database>, projectId: string, devices: ImportedDevice[]): Promise<{ created: number; updated: number }> {
  return db.transaction().execute(async (tx) => {
    const sns = devices.map((d) => d.sn);
    const existing = sns.length
      ? await tx.selectFrom('devices').select(['project_id', 'sn', 'kind']).where('sn', 'in', sns).execute()
      : [];
    const mine = new Map(existing.filter((e) => e.project_id === projectId).map((e) => [e.sn, e.kind]));
    const elsewhere = existing.find((e) => e.project_id !== projectId);
    if (elsewhere) throw new ApiError('CONFLICT', `${elsewhere.sn}: registered in another project`);
    let created = 0;
    let updated = 0;
    for (const d of devices) {
      const kind = mine.get(d.sn);
      if (kind === undefined) {
        await tx
          .insertInto('devices')
          .values({
            project_id: projectId,
            sn: d.sn,
            ...deviceColumns(d),
            thresholds: toJson(defaultThresholdsFor(d.kind, d.gases)),
            status: 'unknown',
            last_seen_ms: null,
            latest: null,
          })
          .execute();
        created++;
      } else {
        if (kind !== d.kind) throw new ApiError('VALIDATION', `${d.sn}: is a ${kind}; to change its kind, remove it and add it again`);
        await tx.updateTable('devices').set(deviceColumns(d)).where('project_id', '=', projectId).where('sn', '=', d.sn).execute();
        updated++;
      }
    }
    return { created, updated };
  });
}

async function userInfos(db: Kysely<Database>, username?: string): Promise<UserInfo[]> {
  let q = db.selectFrom('users').selectAll().orderBy('username');
  if (username !== undefined) q = q.where('username', '=', username);
  const users = await q.execute();
  let mq = db.selectFrom('memberships').select(['username', 'project_id', 'role']).orderBy('project_id');
  if (username !== undefined) mq = mq.where('username', '=', username);
  const memberships = await mq.execute();
  return users.map((u) => ({
    username: u.username,
    displayName: u.display_name,
    isAdmin: u.is_admin,
    disabled: u.disabled,
    mustChangePassword: u.must_change_password,
    wallScreen: u.wall_screen,
    memberships: memberships.filter((m) => m.username === u.username).map((m) => ({ projectId: m.project_id, role: m.role as Role })),
  }));
}

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

/** Organisations, projects, users and memberships, the device registry and import, the audit log. */
export function registerAdminRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  // ---- own password ----------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.passwordChange, passwordChangeBody, async ({ body, user, req }) => {
    const row = await db.selectFrom('users').select('password_hash').where('username', '=', user.username).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wrongPassword);
    checkPassword(body.newPassword, user.username);
    if (body.newPassword === body.currentPassword) throw new ApiError('VALIDATION', ADMIN_MESSAGES.samePassword);
    const hash = await hashPassword(body.newPassword);
    await db.updateTable('users').set({ password_hash: hash, must_change_password: false }).where('username', '=', user.username).execute();
    // Other sessions of this account end: whoever knew the old password is out.
    const token = req.cookies[SESSION_COOKIE];
    await deps.sessions.endAllOf(user.username, token ? hashToken(token) : undefined);
    return null;
  });

  // ---- organisations ---------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.orgList, orgListBody, async ({ user }): Promise<Organisation[]> => {
    let q = db.selectFrom('organisations').selectAll().orderBy('name');
    if (!user.isAdmin) {
      const coIds = [...new Set(user.projects.map((p) => p.coId))];
      if (coIds.length === 0) return [];
      q = q.where('co_id', 'in', coIds).where('archived_at_ms', 'is', null);
    }
    return (await q.execute()).map(toOrganisation);
  });

  postRoute(app, deps, ADMIN_ROUTES.orgAdd, orgAddBody, async ({ body }): Promise<Organisation> => {
    const row = await db
      .insertInto('organisations')
      .values({ co_id: body.coId, name: body.name, logo: body.logo ?? '', created_at_ms: Date.now() })
      .onConflict((oc) => oc.column('co_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return toOrganisation(row);
  });

  postRoute(app, deps, ADMIN_ROUTES.orgEdit, orgEditBody, async ({ body }): Promise<Organisation> => {
    return db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('organisations')
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.logo !== undefined && { logo: body.logo }),
          ...(body.archived !== undefined && { archived_at_ms: body.archived ? Date.now() : null }),
        })
        .where('co_id', '=', body.coId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
      // Projects keep a copy of the name and logo (the session user's coName, coLogo).
      await tx.updateTable('projects').set({ co_name: row.name, co_logo: row.logo }).where('co_id', '=', row.co_id).execute();
      return toOrganisation(row);
    });
  });

  // ---- projects --------------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.projectList, projectListBody, async ({ body, user }): Promise<ProjectDetails[]> => {
    let q = db.selectFrom('projects').selectAll().orderBy('created_at_ms').orderBy('project_id');
    if (!body.includeArchived) q = q.where('archived_at_ms', 'is', null);
    const rows = await q.execute();
    const memberOf = new Map(
      (await db.selectFrom('memberships').select(['project_id', 'role']).where('username', '=', user.username).execute()).map((m) => [m.project_id, m.role as Role]),
    );
    return rows.filter((r) => user.isAdmin || memberOf.has(r.project_id)).map((r) => toProjectDetails(r, memberOf.get(r.project_id) ?? null));
  });

  postRoute(app, deps, ADMIN_ROUTES.projectAdd, projectAddBody, async ({ body, user }): Promise<ProjectDetails> => {
    return db.transaction().execute(async (tx) => {
      const org = await tx.selectFrom('organisations').selectAll().where('co_id', '=', body.coId).executeTakeFirst();
      if (!org) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
      const taken = await tx.selectFrom('projects').select('project_id').where('project_id', '=', body.projectId).executeTakeFirst();
      if (taken) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
      const row = await tx
        .insertInto('projects')
        .values({
          project_id: body.projectId,
          name: body.name,
          co_id: org.co_id,
          co_name: org.name,
          co_logo: org.logo,
          mqtt_username: mqttUsernameFor(body.projectId),
          mqtt_password: randomPassword(24),
          created_at_ms: Date.now(),
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          start_date: body.startDate ?? null,
          planned_end_date: body.plannedEndDate ?? null,
          archived_at_ms: null,
          ...projectColumns(body),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The creator administers the new project.
      await tx.insertInto('memberships').values({ username: user.username, project_id: row.project_id, mid: user.username, role: 'orgAdmin' }).execute();
      return toProjectDetails(row, 'orgAdmin');
    });
  });

  postRoute(app, deps, ADMIN_ROUTES.projectArchive, projectArchiveBody, async ({ body }): Promise<ProjectDetails> => {
    const row = await db
      .updateTable('projects')
      .set({ archived_at_ms: body.archived ? Date.now() : null })
      .where('project_id', '=', body.projectId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.archived) deps.live().disconnectDevices(body.projectId);
    return toProjectDetails(row, null);
  });

  postRoute(app, deps, ADMIN_ROUTES.projectDetails, projectDetailsBody, async ({ body, user }): Promise<ProjectDetails> => {
    const row = await db.selectFrom('projects').selectAll().where('project_id', '=', body.projectId).executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, body.projectId));
  });

  postRoute(app, deps, ADMIN_ROUTES.projectEdit, projectEditBody, async ({ body, user }): Promise<ProjectDetails> => {
    const { projectId, ...fields } = body;
    const set = projectColumns(fields);
    const q = Object.keys(set).length
      ? db.updateTable('projects').set(set).where('project_id', '=', projectId).returningAll()
      : db.selectFrom('projects').selectAll().where('project_id', '=', projectId);
    const row = await q.executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, projectId));
  });

  // ---- users -----------------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.userList, userListBody, async (): Promise<UserInfo[]> => userInfos(db));

  postRoute(app, deps, ADMIN_ROUTES.userAdd, userAddBody, async ({ body }): Promise<UserInfo> => {
    checkPassword(body.password, body.username);
    const hash = await hashPassword(body.password);
    const row = await db
      .insertInto('users')
      .values({
        username: body.username,
        display_name: body.displayName,
        password_hash: hash,
        is_admin: body.isAdmin ?? false,
        wall_screen: body.wallScreen ?? false,
        must_change_password: body.temporary ?? !(body.wallScreen ?? false),
        created_at_ms: Date.now(),
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('username')
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return (await userInfos(db, body.username))[0];
  });

  postRoute(app, deps, ADMIN_ROUTES.userDisable, userDisableBody, async ({ body, user }): Promise<UserInfo> => {
    if (body.username === user.username && body.disabled) throw new ApiError('VALIDATION', ADMIN_MESSAGES.selfDisable);
    const row = await db.updateTable('users').set({ disabled: body.disabled }).where('username', '=', body.username).returning('username').executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.disabled) await deps.sessions.endAllOf(body.username);
    return (await userInfos(db, body.username))[0];
  });

  postRoute(app, deps, ADMIN_ROUTES.userResetPassword, userResetPasswordBody, async ({ body }): Promise<PasswordReset> => {
    // Letters and digits both, whatever the random draw gave: the temporary password obeys the rules too.
    const temporaryPassword = `${randomPassword(14)}a7`;
    const hash = await hashPassword(temporaryPassword);
    const row = await db
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: true })
      .where('username', '=', body.username)
      .returning('username')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.sessions.endAllOf(body.username);
    return { username: body.username, temporaryPassword };
  });

  // ---- memberships -----------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.memberList, memberListBody, async ({ body }): Promise<Member[]> => {
    const rows = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.username', 'm.username')
      .select(['u.username', 'u.display_name', 'u.disabled', 'u.wall_screen', 'm.role'])
      .where('m.project_id', '=', body.projectId)
      .orderBy('u.username')
      .execute();
    return rows.map((r) => ({ username: r.username, displayName: r.display_name, role: r.role as Role, disabled: r.disabled, wallScreen: r.wall_screen }));
  });

  postRoute(app, deps, ADMIN_ROUTES.memberSet, memberSetBody, async ({ body }): Promise<Member> => {
    return db.transaction().execute(async (tx) => {
      const u = await tx.selectFrom('users').selectAll().where('username', '=', body.username).executeTakeFirst();
      if (!u) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      if (u.wall_screen !== (body.role === 'wallScreen')) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wallScreenRole);
      await tx
        .insertInto('memberships')
        .values({ username: body.username, project_id: body.projectId, mid: body.username, role: body.role })
        .onConflict((oc) => oc.columns(['username', 'project_id']).doUpdateSet({ role: body.role }))
        .execute();
      await requireAnAdmin(tx, body.projectId);
      return { username: u.username, displayName: u.display_name, role: body.role, disabled: u.disabled, wallScreen: u.wall_screen };
    });
  });

  postRoute(app, deps, ADMIN_ROUTES.memberRemove, memberRemoveBody, async ({ body }) => {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('memberships').where('project_id', '=', body.projectId).where('username', '=', body.username).execute();
      await requireAnAdmin(tx, body.projectId);
    });
    return null;
  });

  // ---- device registry -------------------------------------------------------------------------------
  postRoute(app, deps, ADMIN_ROUTES.deviceRegistryList, deviceRegistryListBody, async ({ body }): Promise<RegistryDevice[]> => {
    const rows = await db.selectFrom('devices').selectAll().where('project_id', '=', body.projectId).orderBy('kind').orderBy('sn').execute();
    const live = (await deps.live().liveState(body.projectId)).devices;
    const nowMs = Date.now();
    const devices = rows.map((r): RegistryDevice => {
      const lastSeenMs = live.get(r.sn)?.lastSeenMs ?? r.last_seen_ms;
      return {
        sn: r.sn,
        kind: r.kind as DeviceKind,
        name: r.name,
        station: r.station,
        position: r.position,
        tunnelId: r.tunnel_id,
        chainageM: r.chainage_m,
        reportPeriodS: r.report_period_s,
        gases: gasesOf(r.kind, r.thresholds),
        lastSeenMs,
        silent: isSilent(lastSeenMs, r.report_period_s, nowMs),
        unconfiguredMetrics: fromJson<string[]>(r.unconfigured_metrics) ?? [],
      };
    });
    return body.silentOnly ? devices.filter((d) => d.silent) : devices;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceAdd, deviceAddBody, async ({ body }) => {
    const exists = await db.selectFrom('devices').select('project_id').where('sn', '=', body.device.sn).executeTakeFirst();
    if (exists) throw new ApiError('CONFLICT', `${body.device.sn}: already registered`);
    await upsertDevices(db, body.projectId, [body.device]);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceEdit, deviceEditBody, async ({ body }) => {
    const d = body.device;
    const row = await db
      .updateTable('devices')
      .set({
        ...(d.name !== undefined && { name: d.name }),
        ...(d.station !== undefined && { station: d.station }),
        ...(d.position !== undefined && { position: d.position }),
        ...(d.tunnelId !== undefined && { tunnel_id: d.tunnelId }),
        ...(d.chainageM !== undefined && { chainage_m: d.chainageM }),
        ...(d.reportPeriodS !== undefined && { report_period_s: d.reportPeriodS }),
      })
      .where('project_id', '=', body.projectId)
      .where('sn', '=', body.sn)
      .returning('sn')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  // Moving keeps the device's serial number, thresholds and last reading; its history stays with the old project.
  postRoute(app, deps, ADMIN_ROUTES.deviceMove, deviceMoveBody, async ({ body, user }) => {
    requireMember(user, body.toProjectId);
    const row = await db
      .updateTable('devices')
      .set({ project_id: body.toProjectId, tunnel_id: null, chainage_m: null })
      .where('project_id', '=', body.projectId)
      .where('sn', '=', body.sn)
      .returning('sn')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    await deps.live().reloadDevices(body.toProjectId);
    return null;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceRemove, deviceRemoveBody, async ({ body }) => {
    const r = await db.deleteFrom('devices').where('project_id', '=', body.projectId).where('sn', 'in', body.sns).executeTakeFirst();
    await deps.live().reloadDevices(body.projectId);
    return { removed: Number(r.numDeletedRows) };
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceImport, deviceImportBody, async ({ body }): Promise<ImportResult> => {
    const content = Buffer.from(body.contentBase64, 'base64');
    const { devices, problems } = await readDeviceImport(body.format, content);
    const none = { imported: 0, created: 0, updated: 0, dryRun: body.dryRun ?? false };
    if (problems.length > 0) return { ...none, problems };
    if (body.dryRun) return { ...none, imported: devices.length, problems: [] };
    const { created, updated } = await upsertDevices(db, body.projectId, devices);
    await deps.live().reloadDevices(body.projectId);
    return { imported: devices.length, created, updated, problems: [], dryRun: false };
  });

  // ---- audit log -------------------------------------------------------------------------------------
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

/** @throws ApiError VALIDATION when `projectId` would be left without an active organisation administrator. */
async function requireAnAdmin(tx: Kysely<Database>, projectId: string): Promise<void> {
  const admins = await tx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.username', 'm.username')
    .select('m.username')
    .where('m.project_id', '=', projectId)
    .where('m.role', '=', 'orgAdmin')
    .where('u.disabled', '=', false)
    .limit(1)
    .execute();
  if (admins.length === 0) throw new ApiError('VALIDATION', ADMIN_MESSAGES.lastAdmin);
}
