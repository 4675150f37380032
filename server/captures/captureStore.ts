import type { Kysely } from 'kysely';
import { ALARMS, CAPTURE_NAME } from '../../protocol';
import type { Database } from '../storage';

/** Most capture pictures kept (all projects); beyond it the oldest go first. 5 000 × ≤ 9 kB ≈ 45 MB at most. */
export const MAX_CAPTURES = 5_000;
/** Capture pictures older than this are deleted (ms): 90 days, the alarm log's usual look-back. */
export const CAPTURE_RETENTION_MS = 90 * 86_400_000;
/** Saves between two prunes (a prune also runs on the first save after start). */
const PRUNE_EVERY_SAVES = 50;

/** Names of stored captures and the capture route's query: protocol (the route's contract). */
export { CAPTURE_NAME, captureQuery } from '../../protocol';

/** A decoded capture picture ready to store. */
export interface CapturePicture {
  name: string;
  contentType: 'image/jpeg' | 'image/png';
  bytes: Uint8Array;
}

/** The image type from its signature bytes (JPEG SOI FF D8 FF, PNG's 8-byte signature), else null. */
export function sniffImage(bytes: Uint8Array): CapturePicture['contentType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/**
 * The picture of a camera alarm's `pic` (base64, already length- and alphabet-checked by the camera
 * schema, protocol/kinds/camera.ts), named after the camera and the alarm time. @returns null when the
 * bytes are neither JPEG nor PNG (the alarm is still raised, without a picture of ours).
 */
export function decodeCapture(sn: string, tsMs: number, base64: string): CapturePicture | null {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const contentType = sniffImage(bytes);
  if (contentType === null) return null;
  const name = `${sn}-${tsMs}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
  return CAPTURE_NAME.test(name) ? { name, contentType, bytes } : null;
}

/** The URL the server serves a capture at (the alarm's `picUrl`). */
export function captureUrl(projectId: string, name: string): string {
  return `${ALARMS.alarmCapture.path}?projectId=${encodeURIComponent(projectId)}&name=${encodeURIComponent(name)}`;
}

/**
 * The name of the capture this server stored for an alarm of `projectId` whose `picUrl` is given (the
 * inverse of {@link captureUrl}), or null when the picture is not one of ours (a camera's own URL, none).
 */
export function storedCaptureName(picUrl: string | null, projectId: string): string | null {
  if (!picUrl?.startsWith(`${ALARMS.alarmCapture.path}?`)) return null;
  const query = new URLSearchParams(picUrl.slice(ALARMS.alarmCapture.path.length + 1));
  const name = query.get('name');
  return query.get('projectId') === projectId && name !== null && CAPTURE_NAME.test(name) ? name : null;
}

/**
 * Capture pictures of AI alarms in the database (table alarm_captures), bounded: at most MAX_CAPTURES
 * rows and CAPTURE_RETENTION_MS of age, pruned oldest first every few saves. A picture sent again (the
 * same camera and alarm time, e.g. an MQTT redelivery) keeps the first copy.
 */
export class CaptureStore {
  private saves = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores `picture` of `projectId`'s camera `sn`. @throws the database's error */
  async save(projectId: string, sn: string, picture: CapturePicture): Promise<void> {
    await this.db
      .insertInto('alarm_captures')
      .values({ project_id: projectId, name: picture.name, device_sn: sn, content_type: picture.contentType, bytes: picture.bytes, stored_at_ms: this.now() })
      .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
      .execute();
    if (this.saves++ % PRUNE_EVERY_SAVES === 0) await this.prune();
  }

  /** Deletes captures past the retention and, beyond MAX_CAPTURES, the oldest. @returns how many went */
  async prune(maxCaptures = MAX_CAPTURES): Promise<number> {
    let deleted = Number((await this.db.deleteFrom('alarm_captures').where('stored_at_ms', '<', this.now() - CAPTURE_RETENTION_MS).executeTakeFirst()).numDeletedRows);
    const cutoff = await this.db
      .selectFrom('alarm_captures')
      .select('stored_at_ms')
      .orderBy('stored_at_ms', 'desc')
      .offset(maxCaptures)
      .limit(1)
      .executeTakeFirst();
    if (cutoff) deleted += Number((await this.db.deleteFrom('alarm_captures').where('stored_at_ms', '<=', cutoff.stored_at_ms).executeTakeFirst()).numDeletedRows);
    return deleted;
  }

  /** The capture `name` of `projectId`, or undefined. */
  async read(projectId: string, name: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
    const row = await this.db
      .selectFrom('alarm_captures')
      .select(['content_type', 'bytes'])
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
  }
}
