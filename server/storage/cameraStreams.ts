import type { Kysely } from 'kysely';
import { STREAM_SOURCES, VIDEO_KINDS, type StreamSource } from '../../protocol';
import type { Database } from './schema';

/** A camera's stream source as stored (URLs with their credentials: never for a browser). */
export interface CameraStreamSource {
  projectId: string;
  sn: string;
  source: StreamSource;
  mainUrl: string | null;
  subUrl: string | null;
  updatedAtMs: number;
}

/** A stored source name, or null for one this version does not know (a newer node wrote it). */
function sourceOf(v: string): StreamSource | null {
  return (STREAM_SOURCES as readonly string[]).includes(v) ? (v as StreamSource) : null;
}

/**
 * The devices of `projectId` whose kind carries video (protocol/video.ts VIDEO_KINDS), by position then
 * serial number, each with its stream source when it has one.
 */
export async function videoDeviceRows(db: Kysely<Database>, projectId: string) {
  if (VIDEO_KINDS.length === 0) return [];
  const rows = await db
    .selectFrom('devices as d')
    .leftJoin('camera_streams as s', (j) => j.onRef('s.project_id', '=', 'd.project_id').onRef('s.sn', '=', 'd.sn'))
    .select(['d.sn', 'd.name', 'd.position', 's.source', 's.main_url', 's.sub_url', 's.updated_at_ms'])
    .where('d.project_id', '=', projectId)
    .where('d.kind', 'in', [...VIDEO_KINDS])
    .orderBy('d.position')
    .orderBy('d.sn')
    .execute();
  return rows.map((r) => ({
    sn: r.sn,
    name: r.name,
    position: r.position,
    source: r.source === null ? null : sourceOf(r.source),
    mainUrl: r.main_url,
    subUrl: r.sub_url,
    updatedAtMs: r.updated_at_ms,
  }));
}

/** The stream source of camera `sn` of `projectId`, or undefined when it has none (or the device is not a video kind). */
export async function cameraStreamSource(db: Kysely<Database>, projectId: string, sn: string): Promise<CameraStreamSource | undefined> {
  const r = await db.selectFrom('camera_streams').selectAll().where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirst();
  const source = r ? sourceOf(r.source) : null;
  if (!r || source === null) return undefined;
  return { projectId, sn, source, mainUrl: r.main_url, subUrl: r.sub_url, updatedAtMs: r.updated_at_ms };
}

/** Whether `sn` is a device of `projectId` of a kind that carries video. */
export async function isVideoDevice(db: Kysely<Database>, projectId: string, sn: string): Promise<boolean> {
  if (VIDEO_KINDS.length === 0) return false;
  const r = await db.selectFrom('devices').select('sn').where('project_id', '=', projectId).where('sn', '=', sn).where('kind', 'in', [...VIDEO_KINDS]).executeTakeFirst();
  return r !== undefined;
}

/** Saves the stream source of a camera (insert or replace). The caller has checked the device is a video device. */
export async function saveCameraStream(db: Kysely<Database>, s: CameraStreamSource): Promise<void> {
  const values = { source: s.source, main_url: s.mainUrl, sub_url: s.subUrl, updated_at_ms: s.updatedAtMs };
  await db
    .insertInto('camera_streams')
    .values({ project_id: s.projectId, sn: s.sn, ...values })
    .onConflict((oc) => oc.columns(['project_id', 'sn']).doUpdateSet(values))
    .execute();
}

/** Removes the stream sources of cameras `sns` of `projectId`. @returns how many there were. */
export async function removeCameraStreams(db: Kysely<Database>, projectId: string, sns: string[]): Promise<number> {
  if (sns.length === 0) return 0;
  const r = await db.deleteFrom('camera_streams').where('project_id', '=', projectId).where('sn', 'in', sns).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Gives every video device of `projectId` without a source the demo source (the seed's demo cameras). */
export async function seedDemoStreams(db: Kysely<Database>, projectId: string, nowMs: number): Promise<void> {
  if (VIDEO_KINDS.length === 0) return;
  await db
    .insertInto('camera_streams')
    .columns(['project_id', 'sn', 'source', 'main_url', 'sub_url', 'updated_at_ms'])
    .expression((eb) =>
      eb
        .selectFrom('devices')
        .select((s) => ['project_id', 'sn', s.val('demo').as('source'), s.val(null).as('main_url'), s.val(null).as('sub_url'), s.val(nowMs).as('updated_at_ms')])
        .where('project_id', '=', projectId)
        .where('kind', 'in', [...VIDEO_KINDS]),
    )
    .onConflict((oc) => oc.columns(['project_id', 'sn']).doNothing())
    .execute();
}

/** A camera with a stream source in any project, with its name (what the recorder chooses from). */
export interface RecordableCamera extends CameraStreamSource {
  name: string;
}

/** Every camera with a stream source, of every project, by project and serial number (the recorder's list; sources with credentials). */
export async function camerasWithSources(db: Kysely<Database>): Promise<RecordableCamera[]> {
  if (VIDEO_KINDS.length === 0) return [];
  const rows = await db
    .selectFrom('camera_streams as s')
    .innerJoin('devices as d', (j) => j.onRef('d.project_id', '=', 's.project_id').onRef('d.sn', '=', 's.sn'))
    .select(['s.project_id', 's.sn', 'd.name', 's.source', 's.main_url', 's.sub_url', 's.updated_at_ms'])
    .where('d.kind', 'in', [...VIDEO_KINDS])
    .orderBy('s.project_id')
    .orderBy('s.sn')
    .execute();
  const out: RecordableCamera[] = [];
  for (const r of rows) {
    const source = sourceOf(r.source);
    if (source) out.push({ projectId: r.project_id, sn: r.sn, name: r.name, source, mainUrl: r.main_url, subUrl: r.sub_url, updatedAtMs: r.updated_at_ms });
  }
  return out;
}
