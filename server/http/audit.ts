import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN, ALARMS, ATTACHMENTS, ATTENDANCE, AUTH, BOARDS, CUSTOM_PANELS, DEVICES, EMERGENCY, ENVIRONMENT, EQUIPMENT, EVENTS, FLEET, HOME, INSPECTIONS, LIFTING_DRIVERS, PEOPLE, TENANCY, TUNNEL, VIDEO, redactStreamUrl, SCHEDULE, EDUCATION } from '../../protocol';
import type { Database } from '../storage';
import { requestProjects, requestUser } from './authorize';

/**
 * The audited routes and the action each writes to the audit log (docs/api.md "Audit log"): every change
 * a person makes (logins, board releases, thresholds, devices, users, handled alarms, board edits). Written
 * by one onResponse hook after a successful answer, so a refused or failed request leaves no entry, and a
 * new write route is audited with one line here.
 */
export const AUDITED_ROUTES: Readonly<Record<string, string>> = {
  [AUTH.login.path]: 'login',
  [AUTH.logout.path]: 'logout',
  [AUTH.passwordChange.path]: 'password.change',
  [ALARMS.alarmDeal.path]: 'alarm.deal',
  [ALARMS.alarmAck.path]: 'alarm.ack',
  [ALARMS.alarmDealBatch.path]: 'alarm.dealBatch',
  [ALARMS.alarmShelve.path]: 'alarm.shelve',
  [ALARMS.alarmUnshelve.path]: 'alarm.unshelve',
  [BOARDS.boardAdd.path]: 'board.add',
  [BOARDS.boardAddInitialize.path]: 'board.add',
  [BOARDS.boardEdit.path]: 'board.edit',
  [BOARDS.boardDelete.path]: 'board.delete',
  [BOARDS.boardRelease.path]: 'board.release',
  [BOARDS.boardRestore.path]: 'board.restore',
  [BOARDS.systemStyleEdit.path]: 'systemStyle.edit',
  [CUSTOM_PANELS.typeAdd.path]: 'customPanel.add',
  [CUSTOM_PANELS.typeDelete.path]: 'customPanel.delete',
  [FLEET.thresholdSet.path]: 'threshold.set',
  [FLEET.thresholdReset.path]: 'threshold.reset',
  [DEVICES.deviceKey.path]: 'mqtt.credentials',
  [LIFTING_DRIVERS.driverAdd.path]: 'driver.add',
  [LIFTING_DRIVERS.driverEdit.path]: 'driver.edit',
  [LIFTING_DRIVERS.driverDelete.path]: 'driver.delete',
  [LIFTING_DRIVERS.driverImport.path]: 'driver.import',
  [LIFTING_DRIVERS.driverExport.path]: 'driver.export',
  [EQUIPMENT.archiveSave.path]: 'equipment.archive',
  [PEOPLE.personAdd.path]: 'person.add',
  [PEOPLE.personEdit.path]: 'person.edit',
  [PEOPLE.personDelete.path]: 'person.delete',
  [PEOPLE.zoneAdd.path]: 'zone.add',
  [PEOPLE.zoneEdit.path]: 'zone.edit',
  [PEOPLE.zoneDelete.path]: 'zone.delete',
  [ADMIN.orgAdd.path]: 'org.add',
  [ADMIN.orgEdit.path]: 'org.edit',
  [ADMIN.projectAdd.path]: 'project.add',
  [ADMIN.projectArchive.path]: 'project.archive',
  [ADMIN.projectEdit.path]: 'project.edit',
  [ADMIN.userAdd.path]: 'user.add',
  [ADMIN.userDisable.path]: 'user.disable',
  [ADMIN.userResetPassword.path]: 'user.resetPassword',
  [ADMIN.memberSet.path]: 'member.set',
  [ADMIN.memberRemove.path]: 'member.remove',
  [ADMIN.deviceAdd.path]: 'device.add',
  [ADMIN.deviceEdit.path]: 'device.edit',
  [ADMIN.deviceMove.path]: 'device.move',
  [ADMIN.deviceRemove.path]: 'device.remove',
  [ADMIN.deviceImport.path]: 'device.import',
  [TENANCY.invitationWithdraw.path]: 'invitation.withdraw',
  [TENANCY.orgInvitationDecide.path]: 'invitation.decideForUser',
  [TENANCY.transferDecide.path]: 'device.transferDecide',
  [TUNNEL.progressReport.path]: 'tunnel.progress',
  [TUNNEL.rockGradesSet.path]: 'tunnel.rockGrades',
  [TUNNEL.rockGradesImport.path]: 'tunnel.rockGradesImport',
  [TUNNEL.alignmentSet.path]: 'tunnel.alignment',
  [TUNNEL.alignmentImport.path]: 'tunnel.alignmentImport',
  [ATTENDANCE.teamShift.path]: 'attendance.teamShift',
  [ATTENDANCE.companyType.path]: 'attendance.companyType',
  [VIDEO.streamSet.path]: 'camera.stream',
  [VIDEO.streamRemove.path]: 'camera.streamRemove',
  // the commands these send are audited one by one by the spray service (spray.command, spray.acked…)
  [ENVIRONMENT.sprayCommand.path]: 'spray.manual',
  [ENVIRONMENT.sprayLinkageSet.path]: 'spray.linkage',
  [EVENTS.add.path]: 'event.add',
  [EVENTS.edit.path]: 'event.edit',
  [EVENTS.delete.path]: 'event.delete',
  [ATTACHMENTS.upload.path]: 'attachment.upload',
  [ATTACHMENTS.remove.path]: 'attachment.remove',
  [HOME.profileSet.path]: 'project.profile',
  [EMERGENCY.save.path]: 'emergency.save',
  [EMERGENCY.delete.path]: 'emergency.delete',
  [EMERGENCY.materialImport.path]: 'emergency.materialImport',
  [INSPECTIONS.save.path]: 'inspection.save',
  [INSPECTIONS.rectify.path]: 'inspection.rectify',
  [SCHEDULE.save.path]: 'schedule.save',
  [SCHEDULE.delete.path]: 'schedule.delete',
  [SCHEDULE.import.path]: 'schedule.import',
  [INSPECTIONS.review.path]: 'inspection.review',
  [INSPECTIONS.delete.path]: 'inspection.delete',
  [EDUCATION.save.path]: 'education.save',
  [EDUCATION.delete.path]: 'education.delete',
};

/**
 * Routes that may answer 202 Accepted (a request taken, not yet in effect) and the action then written: an
 * invitation instead of a membership. Invitation answers by the invitee are written by their route, to the
 * inviting project's log (routes/admin/invitations.ts).
 */
export const ACCEPTED_ACTIONS: Readonly<Record<string, string>> = {
  [ADMIN.memberSet.path]: 'member.invite',
};

/** Body fields never written to the log (secrets), and those shortened to their size (file contents). */
const SECRET_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);
/** Body fields that are stream URLs: logged with their password redacted (protocol/video.ts redactStreamUrl). */
const URL_FIELDS = new Set(['mainUrl', 'subUrl']);
const BULK_FIELDS = new Set(['contentBase64', 'segments', 'layout', 'pages', 'panel', 'panels', 'module']);
/** Longest detail text kept per entry. */
const MAX_DETAIL_CHARS = 2000;
/** Fields naming what was changed, in order of preference. */
const TARGET_FIELDS = ['username', 'sn', 'sns', 'boardId', 'alarmId', 'alarmIds', 'coId', 'target', 'type', 'ids', 'invitationId', 'transferId', 'headingId', 'tunnelId', 'eventId', 'attachmentId', 'recordId', 'recordIds', 'inspectionId', 'driverId', 'projectId'];

/** The body as logged: secrets dropped, bulk fields replaced by their size, cut at {@link MAX_DETAIL_CHARS}. */
export function auditDetail(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (SECRET_FIELDS.has(k)) continue;
    if (URL_FIELDS.has(k) && typeof v === 'string') kept[k] = redactStreamUrl(v);
    else kept[k] = BULK_FIELDS.has(k) ? `(${JSON.stringify(v)?.length ?? 0} chars)` : v;
  }
  const text = JSON.stringify(kept);
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS - 1)}…` : text;
}

function targetOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  for (const f of TARGET_FIELDS) {
    const v = b[f];
    if (v === undefined || v === null) continue;
    return (typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, 200);
  }
  return '';
}

/** One audit entry; `projectId` null for changes outside a project. */
export interface AuditWrite {
  username: string;
  projectId: string | null;
  action: string;
  target: string;
  detail: string;
  atMs?: number;
}

/** Requests answered 200 without doing what they asked (see {@link auditAsFailed}). */
const failedOutcomes = new WeakSet<FastifyRequest>();

/**
 * Marks `req` as answered without doing what it asked though the answer is 200 (an import whose rows were
 * refused: the answer lists the problems and nothing changed): its audit entry is written as `<action>.failed`.
 */
export function auditAsFailed(req: FastifyRequest): void {
  failedOutcomes.add(req);
}

/** Writes one audit entry. */
export async function writeAudit(db: Kysely<Database>, e: AuditWrite): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at_ms: e.atMs ?? Date.now(), username: e.username, project_id: e.projectId, action: e.action, target: e.target, detail: e.detail })
    .execute();
}

/** The user name an audit entry of `req` names: the session's, or for login the name tried. */
function actorOf(req: FastifyRequest, url: string): string | null {
  const user = requestUser(req);
  if (user) return user.username;
  if (url === AUTH.login.path && req.body !== null && typeof req.body === 'object') {
    const name = (req.body as Record<string, unknown>).username;
    return typeof name === 'string' ? name.slice(0, 64) : null;
  }
  return null;
}

/**
 * Installs the audit hook: after each answer of an {@link AUDITED_ROUTES} route with status 200 writes who,
 * what, when, the project and the body (secrets left out); failed logins are written as `login.failed`, and
 * answers marked by {@link auditAsFailed} as `<action>.failed`.
 * An audit write failure is logged, never changes the answer.
 */
export function installAudit(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onResponse', async (req, reply) => {
    const url = req.routeOptions.url;
    if (url === undefined) return;
    const accepted = reply.statusCode === 202 ? ACCEPTED_ACTIONS[url] : undefined;
    const action = accepted ?? AUDITED_ROUTES[url];
    if (action === undefined) return;
    const failedLogin = url === AUTH.login.path && reply.statusCode === 401;
    if (reply.statusCode !== 200 && !failedLogin && accepted === undefined) return;
    const username = actorOf(req, url);
    if (username === null) return;
    const projects = requestProjects(req);
    try {
      await writeAudit(db, {
        username,
        projectId: projects[0] ?? null,
        action: failedLogin ? 'login.failed' : failedOutcomes.has(req) ? `${action}.failed` : action,
        target: url === AUTH.login.path ? req.ip : targetOf(req.body),
        detail: url === AUTH.login.path ? '' : auditDetail(req.body),
      });
    } catch (err) {
      req.log.error({ err, action }, 'audit write failed');
    }
  });
}
