import type { Kysely } from 'kysely';
import type { Alarm } from '../../protocol';
import { toAlarm, type Database } from '../storage';
import type { Log } from './alarmPersister';

/** How often shelved alarms whose time has passed are unshelved (ms): a shelving ends at most this late. */
export const UNSHELVE_SWEEP_MS = 5_000;
/** Alarms unshelved per sweep at most (the rest follow on the next sweeps). */
export const MAX_UNSHELVE_PER_SWEEP = 500;

/**
 * Ends the shelving of at most `limit` alarms whose `shelved_until_ms` is at or before `nowMs`, oldest
 * first, in one UPDATE. Safe to run on several nodes at once: a row is changed, and so returned, by one
 * of them only (its WHERE is checked again under the row lock). @returns the alarms as now stored
 */
export async function unshelveExpired(db: Kysely<Database>, nowMs: number, limit = MAX_UNSHELVE_PER_SWEEP): Promise<Alarm[]> {
  const rows = await db
    .updateTable('alarms')
    .set({ shelved_until_ms: null, shelved_by: null, shelve_reason: null })
    .where('alarm_id', 'in', (eb) =>
      eb.selectFrom('alarms').select('alarm_id').where('shelved_until_ms', '<=', nowMs).orderBy('shelved_until_ms').limit(limit),
    )
    .where('shelved_until_ms', '<=', nowMs)
    .returningAll()
    .execute();
  return rows.map(toAlarm);
}

/**
 * Runs {@link unshelveExpired} every `everyMs` (and once at once, so shelvings that ended while the server
 * was down end at start), pushing each unshelved alarm with `push` (`alarm.changed`). A sweep never
 * overlaps the previous one; a failed sweep is logged and tried again next time. @returns stop, which
 * resolves once a sweep in progress has ended (so the database can be closed after it)
 */
export function startUnshelveSweep(db: Kysely<Database>, push: (alarm: Alarm) => void, log: Log, everyMs = UNSHELVE_SWEEP_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        for (const alarm of await unshelveExpired(db, Date.now())) push(alarm);
      } catch (err) {
        log.error({ err }, 'unshelving alarms failed; tried again on the next sweep');
      } finally {
        running = null;
      }
    })();
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
