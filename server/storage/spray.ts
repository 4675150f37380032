import type { Kysely } from 'kysely';
import { LINKAGE_METRICS, SPRAY_MODES, type CommandRecord, type LinkageMetric, type SprayLinkage, type SprayMode } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database } from './schema';

/** A fog cannon's stored linkage (null: not linked), mode and last command (migration 0055_spray_linkages). */
export interface SprayRow {
  projectId: string;
  sn: string;
  linkage: SprayLinkage | null;
  mode: SprayMode;
  lastCommand: CommandRecord | null;
}

/** The stored spray rows of one project, or of every project; a hand-edited metric or mode outside the protocol reads as not linked / automatic. */
export async function loadSprayRows(db: Kysely<Database>, projectId?: string): Promise<SprayRow[]> {
  let q = db.selectFrom('spray_linkages').selectAll();
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  const rows = await q.execute();
  return rows.map((r) => {
    const metric = (LINKAGE_METRICS as readonly string[]).includes(r.metric ?? '') ? (r.metric as LinkageMetric) : null;
    const linked = r.station_sn !== null && metric !== null && r.on_above !== null && r.hold_s !== null;
    return {
      projectId: r.project_id,
      sn: r.sn,
      linkage: linked ? { stationSn: r.station_sn!, metric: metric!, onAbove: r.on_above!, holdS: r.hold_s! } : null,
      mode: (SPRAY_MODES as readonly string[]).includes(r.mode) ? (r.mode as SprayMode) : 'auto',
      lastCommand: r.last_command === null ? null : fromJson<CommandRecord>(r.last_command),
    };
  });
}

/** What to change of a fog cannon's row; fields left out keep their stored value (a new row: not linked, automatic, no command). */
export interface SprayChange {
  linkage?: SprayLinkage | null;
  mode?: SprayMode;
  lastCommand?: CommandRecord;
}

/** Creates or updates the spray row of device `sn` of `projectId`. */
export async function saveSpray(db: Kysely<Database>, projectId: string, sn: string, change: SprayChange): Promise<void> {
  const set: Record<string, unknown> = {};
  if (change.linkage !== undefined) {
    const l = change.linkage;
    Object.assign(set, { station_sn: l?.stationSn ?? null, metric: l?.metric ?? null, on_above: l?.onAbove ?? null, hold_s: l?.holdS ?? null });
  }
  if (change.mode !== undefined) set.mode = change.mode;
  if (change.lastCommand !== undefined) set.last_command = toJson(change.lastCommand);
  await db
    .insertInto('spray_linkages')
    .values({ project_id: projectId, sn, ...set })
    .onConflict((oc) => (Object.keys(set).length === 0 ? oc.columns(['project_id', 'sn']).doNothing() : oc.columns(['project_id', 'sn']).doUpdateSet(set)))
    .execute();
}
