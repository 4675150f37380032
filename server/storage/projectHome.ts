import type { Kysely } from 'kysely';
import { alarmGroupOf, EMPTY_PROFILE, projectProfileSchema, type AlarmGroup, type ProjectProfile } from '../../protocol';
import type { Database } from './schema';

/** The profile of `projectId` (units, design figures, reported quantities); the empty one when never set or no longer readable. */
export async function projectProfile(db: Kysely<Database>, projectId: string): Promise<ProjectProfile> {
  const r = await db.selectFrom('project_profiles').select('profile').where('project_id', '=', projectId).executeTakeFirst();
  const parsed = projectProfileSchema.safeParse(r?.profile);
  return parsed.success ? parsed.data : EMPTY_PROFILE;
}

/** Sets the profile of `projectId`. */
export async function setProjectProfile(db: Kysely<Database>, projectId: string, profile: ProjectProfile, nowMs: number): Promise<void> {
  const json = JSON.stringify(profile);
  await db
    .insertInto('project_profiles')
    .values({ project_id: projectId, profile: json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ profile: json, updated_at_ms: nowMs }))
    .execute();
}

/**
 * Alarms of `projectId` raised in `[fromMs, toMs)` counted by group (protocol/alarmGroups.ts), from the
 * counts per alarm kind and device kind.
 */
export async function alarmCountsByGroup(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number): Promise<Map<AlarmGroup, number>> {
  const rows = await db
    .selectFrom('alarms')
    .select(['kind', 'device_kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project_id', '=', projectId)
    .where('raised_at_ms', '>=', fromMs)
    .where('raised_at_ms', '<', toMs)
    .groupBy(['kind', 'device_kind'])
    .execute();
  const out = new Map<AlarmGroup, number>();
  for (const r of rows) {
    const g = alarmGroupOf(r.kind, r.device_kind);
    out.set(g, (out.get(g) ?? 0) + Number(r.n));
  }
  return out;
}
