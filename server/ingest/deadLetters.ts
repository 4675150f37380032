import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema';

/** Rows kept in `dead_letters` at most; older rows are deleted as new ones arrive. */
export const DEAD_LETTER_MAX_ROWS = 10_000;

/** Days a dead letter is kept (the hourly retention job deletes older ones). */
export const DEAD_LETTER_RETENTION_DAYS = 30;

/** Longest payload kept per dead letter, in characters (payloads are capped at 16 KiB on the wire). */
const MAX_PAYLOAD_CHARS = 20_000;

/** Something that could not be stored; every field but `reason` is optional context. */
export interface DeadLetter {
  /** Server time of the failure, ms since epoch. */
  atMs: number;
  projectId?: string | null;
  deviceSn?: string | null;
  topic?: string | null;
  /** The raw MQTT payload. */
  payload?: Uint8Array | string | null;
  /** The alarm draft whose write failed (stored as JSON, which escapes control characters itself). */
  draft?: unknown;
  /** Why it failed (the database error). */
  reason: string;
}

/** Minimal logger (pino/Fastify compatible). */
interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `s` with control characters (NUL included) and lone surrogates written as `\uXXXX`, so that text which
 * made the original write fail can itself be stored in a `text` column and read in a log.
 */
function escaped(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The error as `SQLSTATE message` (or the message alone), at most 1000 characters. */
export function describeError(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return `${typeof code === 'string' ? `${code} ` : ''}${message}`.slice(0, 1_000);
}

/**
 * The dead-letter table (docs/device-protocol.md "Dead letters"): device messages that passed every
 * check but could not be stored for a data reason, kept for an administrator with their reason instead of
 * being retried forever. Bounded: at most `maxRows` rows (the oldest go first) and, through
 * {@link DeadLetterStore.prune}, none older than `retentionDays`.
 */
export class DeadLetterStore {
  private recorded = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    private readonly maxRows = DEAD_LETTER_MAX_ROWS,
    private readonly retentionDays = DEAD_LETTER_RETENTION_DAYS,
  ) {}

  /**
   * Stores one dead letter, then trims the table to `maxRows`. Never throws: when even this write fails
   * (database unavailable) the letter is logged in full and `false` returned.
   */
  async record(letter: DeadLetter): Promise<boolean> {
    this.recorded++;
    const payload =
      letter.payload == null
        ? null
        : escaped(typeof letter.payload === 'string' ? letter.payload : new TextDecoder().decode(letter.payload)).slice(0, MAX_PAYLOAD_CHARS);
    const row = {
      at_ms: letter.atMs,
      project_id: letter.projectId == null ? null : escaped(letter.projectId).slice(0, 256),
      device_sn: letter.deviceSn == null ? null : escaped(letter.deviceSn).slice(0, 256),
      topic: letter.topic == null ? null : escaped(letter.topic).slice(0, 1_024),
      payload,
      draft: letter.draft === undefined ? null : JSON.stringify(letter.draft).slice(0, MAX_PAYLOAD_CHARS),
      reason: escaped(letter.reason).slice(0, 1_000),
    };
    try {
      const { dead_letter_id: id } = await this.db.insertInto('dead_letters').values(row).returning('dead_letter_id').executeTakeFirstOrThrow();
      if (id > this.maxRows) await this.db.deleteFrom('dead_letters').where('dead_letter_id', '<=', id - this.maxRows).execute();
      this.log.warn({ deadLetter: { ...row, payload: row.payload?.slice(0, 256), draft: undefined } }, 'message dead-lettered');
      return true;
    } catch (err) {
      this.log.error({ err, deadLetter: row }, 'dead letter could not be stored either; it is only in this log');
      return false;
    }
  }

  /** Dead letters recorded since start (stored or only logged). */
  count(): number {
    return this.recorded;
  }

  /** Deletes dead letters older than the retention. @returns how many were deleted. @throws database errors */
  async prune(nowMs: number): Promise<number> {
    const cutoff = nowMs - this.retentionDays * 86_400_000;
    const r = await this.db.deleteFrom('dead_letters').where('at_ms', '<', cutoff).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
