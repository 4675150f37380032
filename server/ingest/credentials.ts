import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema';

function digest(s: string | Buffer): Buffer {
  return createHash('sha256').update(s).digest();
}

/**
 * The project whose device credentials (`projects.mqtt_username` / `mqtt_password`) match, or null.
 * Read from the database on every CONNECT, so a rotated password applies to the next connection.
 * Passwords are compared in constant time (over their SHA-256, so lengths do not leak either).
 */
export async function projectForCredentials(
  db: Kysely<Database>,
  username: string | undefined,
  password: Buffer | undefined,
): Promise<string | null> {
  if (!username || !password || username.length > 256 || password.length > 1024) return null;
  const rows = await db
    .selectFrom('projects')
    .select(['project_id', 'mqtt_password'])
    .where('mqtt_username', '=', username)
    .limit(10)
    .execute();
  for (const row of rows) if (samePassword(row.mqtt_password, password)) return row.project_id;
  return null;
}

/**
 * Whether a password given by a device equals the stored one, compared in constant time over their
 * SHA-256 (so lengths do not leak either). Used by MQTT logins and HJ 212 packets (PW).
 */
export function samePassword(stored: string, given: string | Buffer): boolean {
  return timingSafeEqual(digest(stored), digest(given));
}
