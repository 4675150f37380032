import { openDatabase, type OpenDatabase } from '../../server/storage/database';
import { insertOrganisation } from '../../server/storage/organisations';
import { insertProject } from '../../server/storage/projects';
import { insertUser } from '../../server/storage/users';

/**
 * An in-memory database (embedded PGlite, every migration run) with organisation `co`, user `admin` and
 * the projects `projectIds` (admin their organisation administrator), for the storage unit tests.
 */
export async function openTestDatabase(projectIds: string[]): Promise<OpenDatabase> {
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  const { db } = database;
  await insertOrganisation(db, { coId: 'co', name: 'Co', logo: '' }, 1);
  await insertUser(db, { username: 'admin', displayName: 'Admin', passwordHash: 'x', isAdmin: true, wallScreen: false, mustChangePassword: false }, 1);
  for (const projectId of projectIds) {
    await insertProject(db, { projectId, name: projectId, coId: 'co', mqttUsername: `dev-${projectId}`, mqttPassword: 'p' }, 'admin', 1);
  }
  return database;
}
