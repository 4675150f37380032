import type { Kysely, Selectable } from 'kysely';
import { ZONE_KINDS, type Zone, type ZoneFields, type ZoneKind } from '../../protocol';
import { fromJson, threeLevelEducated, toJson, type Database, type ZonesTable } from '../storage';
import type { ZoneWearer } from './zoneRules';

/** Zones and wearers of one project as the zone rules need them. */
export interface LoadedZoneConfig {
  zones: Zone[];
  wearers: Map<string, ZoneWearer>;
}

/** A `zones` row as the API and the rules see it (an unknown kind reads as `work`). */
export function zoneFromRow(r: Selectable<ZonesTable>): Zone {
  const kind = (ZONE_KINDS as readonly string[]).includes(r.kind) ? (r.kind as ZoneKind) : 'work';
  const teams = fromJson<unknown>(r.authorized_teams);
  const assigned = fromJson<unknown>(r.assigned_teams);
  return {
    zoneId: r.zone_id,
    projectId: r.project_id,
    name: r.name,
    kind,
    tunnelId: r.tunnel_id,
    fromM: r.from_m,
    toM: r.to_m,
    entryAlarm: r.entry_alarm,
    authorizedTeams: Array.isArray(teams) ? teams.filter((t): t is string => typeof t === 'string') : [],
    maxStayMin: r.max_stay_min,
    maxHeadcount: r.max_headcount,
    noMovementMin: r.no_movement_min,
    signalLostS: r.signal_lost_s,
    gatheringAllowed: r.gathering_allowed,
    assignedTeams: Array.isArray(assigned) ? assigned.filter((t): t is string => typeof t === 'string') : [],
  };
}

/** The columns of a zone's fields, as written by the zone routes and the demo seed. */
export function zoneColumns(z: ZoneFields) {
  return {
    name: z.name,
    kind: z.kind,
    tunnel_id: z.tunnelId,
    from_m: z.fromM,
    to_m: z.toM,
    entry_alarm: z.entryAlarm,
    authorized_teams: toJson(z.authorizedTeams),
    max_stay_min: z.maxStayMin,
    max_headcount: z.maxHeadcount,
    no_movement_min: z.noMovementMin,
    signal_lost_s: z.signalLostS,
    gathering_allowed: z.gatheringAllowed,
    assigned_teams: toJson(z.assignedTeams),
  };
}

/**
 * Reads the zones and the person registry (beacon sn → name, team and whether a three-level entry
 * education record names them) of one project, or of every
 * project that has zones or people, grouped by project id. `projectId` given: it is in the result even
 * when empty (its zones were all removed).
 */
export async function loadZoneConfig(db: Kysely<Database>, projectId?: string): Promise<Map<string, LoadedZoneConfig>> {
  let zq = db.selectFrom('zones').selectAll();
  let pq = db.selectFrom('people').select(['project_id', 'person_id', 'beacon_sn', 'name', 'team']).where('beacon_sn', 'is not', null);
  if (projectId !== undefined) {
    zq = zq.where('project_id', '=', projectId);
    pq = pq.where('project_id', '=', projectId);
  }
  const out = new Map<string, LoadedZoneConfig>();
  const of = (pid: string) => {
    let c = out.get(pid);
    if (!c) out.set(pid, (c = { zones: [], wearers: new Map() }));
    return c;
  };
  if (projectId !== undefined) of(projectId);
  for (const r of await zq.orderBy('zone_id').execute()) of(r.project_id).zones.push(zoneFromRow(r));
  const educated = await threeLevelEducated(db, projectId);
  for (const r of await pq.execute()) {
    if (r.beacon_sn) of(r.project_id).wearers.set(r.beacon_sn, { name: r.name, team: r.team, entryEducation: educated.get(r.project_id)?.has(r.person_id) ?? false });
  }
  return out;
}
