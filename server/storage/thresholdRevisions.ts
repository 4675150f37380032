import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Threshold } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database } from './schema';

/**
 * Seeded default thresholds as migrations (docs/architecture.md "Thresholds"). The seed writes each new
 * device's thresholds from its kind's defaults (protocol/kinds). When a default changes later, the change
 * ships as a migration built by {@link defaultThresholdRevision}, with the new values written out in it,
 * so that databases seeded before it get it too: every device of the kind takes the new value, except
 * for a metric a person edited on that device (`devices.thresholds_edited`) or whose default the
 * project's administrators set for the kind (`kind_thresholds`). server/storage/thresholdRevisions.test.ts
 * checks that every default in protocol/kinds is the one the seed baseline or the latest revision wrote.
 */

/** The new defaults of one kind in a revision. */
export interface KindDefaultsRevision {
  kind: string;
  /** `'all'`: a device without a threshold for a metric gets one; `'measured'`: only metrics it has are changed (gas). */
  scope: 'all' | 'measured';
  thresholds: readonly Threshold[];
}

/**
 * The thresholds of one device after new defaults: each default replaces the device's threshold of the
 * same metric unless that metric is in `edited`; a metric the device has none of is added for scope
 * `'all'`. Other thresholds are kept, in their order. Pure.
 */
export function applyDefaults(current: readonly Threshold[], edited: readonly string[], defaults: readonly Threshold[], scope: 'all' | 'measured'): Threshold[] {
  const out = [...current];
  for (const d of defaults) {
    if (edited.includes(d.metric)) continue;
    const i = out.findIndex((t) => t.metric === d.metric);
    if (i >= 0) out[i] = d;
    else if (scope === 'all') out.push(d);
  }
  return out;
}

/**
 * Writes new defaults to the devices of the revision's kinds in every project (or only `projectId`),
 * honouring per-device edits and the project's own kind defaults (`kind_thresholds` rows win over
 * `revision` for their metric). Used by revision migrations and by threshold edits of a kind's defaults.
 * @returns how many devices changed
 */
export async function writeDefaults(db: Kysely<Database>, revision: readonly KindDefaultsRevision[], projectId?: string): Promise<number> {
  let changed = 0;
  for (const r of revision) {
    let dq = db.selectFrom('devices').select(['project_id', 'sn', 'thresholds', 'thresholds_edited']).where('kind', '=', r.kind);
    if (projectId !== undefined) dq = dq.where('project_id', '=', projectId);
    const devices = await dq.execute();
    if (devices.length === 0) continue;
    let oq = db.selectFrom('kind_thresholds').select(['project_id', 'metric', 'threshold']).where('kind', '=', r.kind);
    if (projectId !== undefined) oq = oq.where('project_id', '=', projectId);
    const overrides = new Map<string, Map<string, Threshold>>();
    for (const o of await oq.execute()) {
      const m = overrides.get(o.project_id) ?? new Map<string, Threshold>();
      m.set(o.metric, fromJson<Threshold>(o.threshold));
      overrides.set(o.project_id, m);
    }
    for (const d of devices) {
      const own = overrides.get(d.project_id);
      const defaults = own ? r.thresholds.map((t) => own.get(t.metric) ?? t) : r.thresholds;
      const current = fromJson<Threshold[]>(d.thresholds);
      const next = applyDefaults(current, fromJson<string[]>(d.thresholds_edited) ?? [], defaults, r.scope);
      if (JSON.stringify(next) === JSON.stringify(current)) continue;
      await db.updateTable('devices').set({ thresholds: toJson(next) }).where('project_id', '=', d.project_id).where('sn', '=', d.sn).execute();
      changed++;
    }
  }
  return changed;
}

/**
 * A migration that ships changed default thresholds (write the values out in the migration: a migration,
 * once released, never changes). Runs after migration 0007_fleet_thresholds (it needs `thresholds_edited`).
 */
export function defaultThresholdRevision(revision: readonly KindDefaultsRevision[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await writeDefaults(db as Kysely<Database>, revision);
    },
  };
}
