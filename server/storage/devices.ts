import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Where device `sn` of `projectId` is and its last persisted values (`latest`, jsonb), or undefined when it is not registered there. */
export function deviceLocation(db: Kysely<Database>, projectId: string, sn: string) {
  return db.selectFrom('devices').select(['position', 'tunnel_id', 'latest']).where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirst();
}
