import type { Kysely, Selectable } from 'kysely';
import type { ProjectDetails, Role } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database, ProjectsTable } from './schema';

/** The fields of a project a person sets (project/add, project/edit). */
export type ProjectFields = Partial<Omit<ProjectDetails, 'projectId' | 'coId' | 'coName' | 'archived' | 'role' | 'createdAtMs'>>;

/** The wire {@link ProjectDetails} of a `projects` row, with the asking user's `role` in it (null: none). */
export function toProjectDetails(r: Selectable<ProjectsTable>, role: Role | null): ProjectDetails {
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
    projectState: r.project_state as ProjectDetails['projectState'],
    glodonProjectUrl: r.external_url,
    archived: r.archived_at_ms !== null,
    role,
    createdAtMs: r.created_at_ms,
  };
}

/** A DB row's project columns from the given fields. */
function projectColumns(b: ProjectFields) {
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
    ...(b.projectState !== undefined && { project_state: b.projectState }),
    ...(b.glodonProjectUrl !== undefined && { external_url: b.glodonProjectUrl }),
  };
}

/** Every project row, oldest first; archived ones only when `includeArchived`. */
export function listProjectRows(db: Kysely<Database>, includeArchived: boolean) {
  let q = db.selectFrom('projects').selectAll().orderBy('created_at_ms').orderBy('project_id');
  if (!includeArchived) q = q.where('archived_at_ms', 'is', null);
  return q.execute();
}

/** The row of project `projectId`, or undefined. */
export function findProjectRow(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** A new project of an organisation: its id, name, organisation, device credentials (MQTT) and fields. */
export interface NewProject extends ProjectFields {
  projectId: string;
  name: string;
  coId: string;
  mqttUsername: string;
  mqttPassword: string;
}

/**
 * Adds project `p` created by `creator` at `nowMs`, who becomes its organisation administrator, in one
 * transaction. Nothing is written when the organisation is unknown (`unknown-org`) or the id is taken
 * (`exists`).
 */
export function insertProject(db: Kysely<Database>, p: NewProject, creator: string, nowMs: number): Promise<ProjectDetails | 'unknown-org' | 'exists'> {
  return db.transaction().execute(async (tx) => {
    const org = await tx.selectFrom('organisations').selectAll().where('co_id', '=', p.coId).executeTakeFirst();
    if (!org) return 'unknown-org';
    const taken = await tx.selectFrom('projects').select('project_id').where('project_id', '=', p.projectId).executeTakeFirst();
    if (taken) return 'exists';
    const row = await tx
      .insertInto('projects')
      .values({
        project_id: p.projectId,
        name: p.name,
        co_id: org.co_id,
        co_name: org.name,
        co_logo: org.logo,
        mqtt_username: p.mqttUsername,
        mqtt_password: p.mqttPassword,
        created_at_ms: nowMs,
        latitude: p.latitude ?? null,
        longitude: p.longitude ?? null,
        start_date: p.startDate ?? null,
        planned_end_date: p.plannedEndDate ?? null,
        archived_at_ms: null,
        ...projectColumns(p),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.insertInto('memberships').values({ username: creator, project_id: row.project_id, mid: creator, role: 'orgAdmin' }).execute();
    return toProjectDetails(row, 'orgAdmin');
  });
}

/** Archives project `projectId` at `archivedAtMs`, or restores it (null); its row, or undefined when there is none. */
export function setProjectArchived(db: Kysely<Database>, projectId: string, archivedAtMs: number | null) {
  return db.updateTable('projects').set({ archived_at_ms: archivedAtMs }).where('project_id', '=', projectId).returningAll().executeTakeFirst();
}

/** Changes the given fields of project `projectId`; its row (unchanged without fields), or undefined when there is none. */
export function editProject(db: Kysely<Database>, projectId: string, fields: ProjectFields) {
  const set = projectColumns(fields);
  const q = Object.keys(set).length
    ? db.updateTable('projects').set(set).where('project_id', '=', projectId).returningAll()
    : db.selectFrom('projects').selectAll().where('project_id', '=', projectId);
  return q.executeTakeFirst();
}

/** The MQTT user name and password of the devices of `projectId`, or undefined when there is no such project. */
export function deviceCredentials(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', projectId).executeTakeFirst();
}

/** Sets the MQTT password of the devices of `projectId`; the new credentials, or undefined when there is no such project. */
export function setDevicePassword(db: Kysely<Database>, projectId: string, password: string) {
  return db.updateTable('projects').set({ mqtt_password: password }).where('project_id', '=', projectId).returning(['mqtt_username', 'mqtt_password']).executeTakeFirst();
}
