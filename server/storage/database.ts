import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { inCodeMigrations } from './migrations';
import type { Database } from './schema';

/** An open database; `close()` is idempotent. */
export interface OpenDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Connections to an external PostgreSQL; the service runs few concurrent queries. */
const PG_POOL_SIZE = 10;

/**
 * Opens the database the configuration names and brings its schema up to date:
 * PostgreSQL through `pg` when `config.databaseUrl` is set, otherwise embedded PGlite in
 * `config.dataDir/pg` (created when missing), or in memory when `dataDir` starts with `memory://`.
 * @throws Error when the database cannot be opened or a migration fails (the database is closed again).
 */
export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<OpenDatabase> {
  const db = new Kysely<Database>({ dialect: await createDialect(config) });
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= db.destroy());
  try {
    await migrate(db);
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
  return { db, close };
}

async function createDialect(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>) {
  if (config.databaseUrl) {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: PG_POOL_SIZE }) });
  }
  if (config.dataDir.startsWith('memory://')) return new PGliteDialect({ pglite: new PGlite('memory://') });
  const dir = path.join(config.dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  return new PGliteDialect({ pglite });
}

/** Runs every pending migration. @throws Error naming the migration that failed. */
async function migrate(db: Kysely<Database>): Promise<void> {
  // a migration appended with a lower number than one a database already ran (0070 after 0072) still runs
  const migrator = new Migrator({ db, provider: inCodeMigrations, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
