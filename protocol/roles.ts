import { z } from 'zod';
import type { LiveTopic } from './socket';
import { DEVICE_KIND_REGISTRY, type KindRegistry } from './kinds';

/**
 * Roles of a project membership (docs/api.md "Roles and permissions"). A user has one role per project.
 * - `orgAdmin`: organisation administrator: everything in the project, including its users, devices,
 *   MQTT credentials and audit log.
 * - `projectManager`: builds and releases boards, edits thresholds and zones, handles alarms.
 * - `safetyOfficer`: handles alarms, sees people (positions and tracks).
 * - `viewer`: boards only, read-only; no people positions.
 * - `wallScreen`: a display account: reads boards (people included, a site-office wall shows the personnel
 *   map); its sessions never expire by idle time and its login never ends another session.
 */
export const ROLES = ['orgAdmin', 'projectManager', 'safetyOfficer', 'viewer', 'wallScreen'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/**
 * What a project role may do. Every REST route and socket topic names exactly one of these, or one of the
 * {@link RouteAccess} levels that are not project permissions (server/http/routePermissions.ts).
 * - `project.read`: boards, pages, panels, devices, tunnels, telemetry, the alarm list a board shows.
 * - `people.view`: beacon positions and tracks, live and history.
 * - `alarm.view`: the alarm center (detail, analysis, export).
 * - `alarm.handle`: acknowledge and handle alarms.
 * - `board.edit`: create, edit and delete boards, pages, panels, layouts, styles and custom panel types.
 * - `board.release`: release a board, restore an older release.
 * - `threshold.edit`: thresholds of kinds and devices.
 * - `zone.edit`: the person registry (who wears which beacon) and the zones of the bores.
 * - `project.admin`: project details, members and roles, the device registry, MQTT credentials, audit log.
 */
export const PERMISSIONS = [
  'project.read',
  'people.view',
  'alarm.view',
  'alarm.handle',
  'board.edit',
  'board.release',
  'threshold.edit',
  'zone.edit',
  'project.admin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The one table of what each role may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  orgAdmin: PERMISSIONS,
  projectManager: ['project.read', 'people.view', 'alarm.view', 'alarm.handle', 'board.edit', 'board.release', 'threshold.edit', 'zone.edit'],
  safetyOfficer: ['project.read', 'people.view', 'alarm.view', 'alarm.handle'],
  viewer: ['project.read'],
  wallScreen: ['project.read', 'people.view'],
};

/** True when `role` grants `permission`. */
export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What a REST route needs besides (or instead of) a project permission:
 * - `public`: anyone, no session (login, logout).
 * - `session`: any logged-in user, no project (me, the standard board list, the organisation switch).
 * - `self`: any logged-in user, even one who must change the password first (me, change password, logout).
 * - `system`: an installation administrator (`isAdmin`): metrics, ingest statistics, organisations, users.
 */
export type RouteAccess = 'public' | 'session' | 'self' | 'system' | Permission;

/**
 * The permission each live topic needs: a kind's telemetry topic what its descriptor says (`live.permission`
 * in protocol/kinds: people positions need `people.view`, everything else `project.read`); alarms and device
 * statuses `project.read`.
 */
export const TOPIC_PERMISSIONS: Readonly<Record<LiveTopic, Permission>> = topicPermissions(DEVICE_KIND_REGISTRY);

/** The permission of every live topic of `kinds` (its kinds' telemetry topics) and of the reserved topics. */
export function topicPermissions(kinds: KindRegistry): Readonly<Record<string, Permission>> {
  const out: Record<string, Permission> = { alarm: 'project.read', deviceStatus: 'project.read' };
  for (const d of kinds.descriptors) if (d.live) out[d.kind] = d.live.permission;
  return out;
}

/** The role of `user` in `projectId`, or null when not a member. */
export function roleIn(user: { projects: readonly { projectId: string; role?: Role }[] }, projectId: string): Role | null {
  return user.projects.find((p) => p.projectId === projectId)?.role ?? null;
}

/** True when `user` is a member of `projectId` whose role grants `permission`. */
export function userMay(user: { projects: readonly { projectId: string; role?: Role }[] }, projectId: string, permission: Permission): boolean {
  const role = roleIn(user, projectId);
  return role !== null && roleAllows(role, permission);
}

/**
 * True when the signed-in `user` may do `permission` in their current project: an installation administrator,
 * or a role there that grants it (the browser's own check; the server checks every route itself).
 */
export function sessionMay(user: { isAdmin: boolean; role?: Role | null } | null, permission: Permission): boolean {
  return !!user && (user.isAdmin || (!!user.role && roleAllows(user.role, permission)));
}

/**
 * Password rules (docs/api.md "Users"): 10 to 256 characters, at least one letter and one digit, not the
 * user name. @returns the rule broken, or null when the password is acceptable.
 */
export function passwordProblem(password: string, username: string): 'length' | 'letterAndDigit' | 'username' | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > 256) return 'length';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'letterAndDigit';
  if (password.toLowerCase().includes(username.toLowerCase())) return 'username';
  return null;
}

/** Shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 10;
