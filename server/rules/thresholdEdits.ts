import type { Kysely, Transaction } from 'kysely';
import {
  DEVICE_KIND_REGISTRY,
  thresholdProblems,
  thresholdSchema,
  type Threshold,
  type ThresholdAuditEntry,
  type ThresholdAuditPage,
  type ThresholdEntry,
  type ThresholdTarget,
  type ThresholdView,
} from '../../protocol';
import { fromJson, toJson, writeDefaults, type Database } from '../storage';

/**
 * Editing thresholds (docs/api.md "Thresholds"). A device's thresholds are `devices.thresholds`, the ones
 * the rules engine runs; the metrics a person set are in `devices.thresholds_edited`. A kind's defaults in
 * a project are its standard defaults (protocol/kinds) overridden by `kind_thresholds` rows; devices of the
 * kind follow them for every metric nobody edited on the device. Every change is audited in
 * `threshold_audit`. Callers reload the project's devices into the live rules afterwards.
 */

/** Why an edit was refused; nothing was changed. `problems` name the metric and field. */
export class ThresholdEditError extends Error {
  constructor(
    readonly reason: 'not-found' | 'invalid',
    readonly problems: string[],
  ) {
    super(problems.join('; '));
  }
}

/** What a threshold edit needs to know of the edit. */
export interface EditContext {
  projectId: string;
  target: ThresholdTarget;
  username: string;
  nowMs: number;
}

function standardDefaults(kind: string): Map<string, Threshold> {
  return new Map((DEVICE_KIND_REGISTRY.get(kind)?.thresholds ?? []).map((d) => [d.threshold.metric, d.threshold]));
}

async function projectDefaults(db: Kysely<Database>, projectId: string, kind: string): Promise<{ standard: Map<string, Threshold>; own: Map<string, Threshold> }> {
  const rows = await db.selectFrom('kind_thresholds').select(['metric', 'threshold']).where('project_id', '=', projectId).where('kind', '=', kind).execute();
  return { standard: standardDefaults(kind), own: new Map(rows.map((r) => [r.metric, fromJson<Threshold>(r.threshold)])) };
}

/** Entries in the kind's metric order, then any others in their order. */
function ordered(kind: string, entries: ThresholdEntry[]): ThresholdEntry[] {
  const order = new Map((DEVICE_KIND_REGISTRY.get(kind)?.metrics ?? []).map((m, i) => [m.key, i]));
  const rank = (e: ThresholdEntry) => order.get(e.threshold.metric) ?? Number.MAX_SAFE_INTEGER;
  return entries.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map(({ e }) => e);
}

async function deviceRow(db: Kysely<Database>, projectId: string, sn: string) {
  const row = await db.selectFrom('devices').select(['kind', 'thresholds', 'thresholds_edited', 'unconfigured_metrics']).where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirst();
  if (!row) throw new ThresholdEditError('not-found', [`target.sn: no device ${sn} in project ${projectId}`]);
  return {
    kind: row.kind,
    thresholds: fromJson<Threshold[]>(row.thresholds),
    edited: fromJson<string[]>(row.thresholds_edited) ?? [],
    unconfigured: fromJson<string[]>(row.unconfigured_metrics) ?? [],
  };
}

/** The device's unconfigured metrics (docs/domain.md "Unconfigured metrics") that still have no threshold in `next`, as stored. */
function stillUnconfigured(unconfigured: readonly string[], next: readonly Threshold[]): string {
  return toJson(unconfigured.filter((m) => !next.some((t) => t.metric === m)));
}

function requireKind(kind: string): void {
  if (!DEVICE_KIND_REGISTRY.get(kind)) throw new ThresholdEditError('not-found', [`target.kind: no device kind ${kind}`]);
}

/**
 * The thresholds of a device, or a kind's defaults in a project, with their defaults and edit marks.
 * @throws ThresholdEditError not-found for an unknown device or kind
 */
export async function getThresholds(db: Kysely<Database>, projectId: string, target: ThresholdTarget): Promise<ThresholdView> {
  if ('sn' in target) {
    const d = await deviceRow(db, projectId, target.sn);
    const { standard, own } = await projectDefaults(db, projectId, d.kind);
    const entries = d.thresholds.map((t) => ({
      threshold: t,
      defaultThreshold: own.get(t.metric) ?? standard.get(t.metric) ?? null,
      edited: d.edited.includes(t.metric),
    }));
    return { projectId, target, kind: d.kind, entries: ordered(d.kind, entries) };
  }
  requireKind(target.kind);
  const { standard, own } = await projectDefaults(db, projectId, target.kind);
  const metrics = [...new Set([...standard.keys(), ...own.keys()])];
  const entries = metrics.map((m) => ({ threshold: own.get(m) ?? standard.get(m)!, defaultThreshold: standard.get(m) ?? null, edited: own.has(m) }));
  return { projectId, target, kind: target.kind, entries: ordered(target.kind, entries) };
}

async function audit(tx: Transaction<Database>, ctx: EditContext, kind: string, metric: string, action: 'set' | 'reset', oldT: Threshold | null, newT: Threshold | null): Promise<void> {
  if (JSON.stringify(oldT) === JSON.stringify(newT)) return;
  await tx
    .insertInto('threshold_audit')
    .values({
      project_id: ctx.projectId,
      device_sn: 'sn' in ctx.target ? ctx.target.sn : null,
      kind,
      metric,
      action,
      old_threshold: oldT === null ? null : toJson(oldT),
      new_threshold: newT === null ? null : toJson(newT),
      changed_by: ctx.username,
      changed_at_ms: ctx.nowMs,
    })
    .execute();
}

/** Devices of `kind` in the project follow its defaults again (every metric nobody edited on a device). */
async function propagate(tx: Transaction<Database>, projectId: string, kind: string, extra: Threshold[]): Promise<void> {
  const d = DEVICE_KIND_REGISTRY.require(kind);
  const thresholds = [...d.thresholds.map((t) => t.threshold)];
  for (const t of extra) if (!thresholds.some((s) => s.metric === t.metric)) thresholds.push(t);
  await writeDefaults(tx, [{ kind, scope: d.thresholdScope, thresholds }], projectId);
}

/**
 * Sets the given metrics' thresholds of the target (others keep theirs), marks them edited and audits
 * each change, in one transaction. A kind's new defaults reach every device of the kind in the project
 * whose metric nobody edited.
 * @throws ThresholdEditError invalid (thresholdProblems, or a metric twice) or not-found; nothing changed
 */
export async function setThresholds(db: Kysely<Database>, ctx: EditContext, thresholds: Threshold[]): Promise<ThresholdView> {
  const kind = 'sn' in ctx.target ? (await deviceRow(db, ctx.projectId, ctx.target.sn)).kind : ctx.target.kind;
  requireKind(kind);
  const problems = thresholds.flatMap((t) => thresholdProblems(kind, thresholdSchema.parse(t)));
  const metrics = thresholds.map((t) => t.metric);
  if (new Set(metrics).size !== metrics.length) problems.push('thresholds: a metric is listed twice');
  if (problems.length > 0) throw new ThresholdEditError('invalid', problems);

  await db.transaction().execute(async (tx) => {
    if ('sn' in ctx.target) {
      const d = await deviceRow(tx, ctx.projectId, ctx.target.sn);
      const next = [...d.thresholds];
      for (const t of thresholds) {
        const i = next.findIndex((x) => x.metric === t.metric);
        await audit(tx, ctx, kind, t.metric, 'set', i >= 0 ? next[i] : null, t);
        if (i >= 0) next[i] = t;
        else next.push(t);
      }
      const edited = [...new Set([...d.edited, ...metrics])];
      await tx
        .updateTable('devices')
        .set({ thresholds: toJson(next), thresholds_edited: toJson(edited), unconfigured_metrics: stillUnconfigured(d.unconfigured, next) })
        .where('project_id', '=', ctx.projectId)
        .where('sn', '=', ctx.target.sn)
        .execute();
    } else {
      const { standard, own } = await projectDefaults(tx, ctx.projectId, kind);
      for (const t of thresholds) {
        await audit(tx, ctx, kind, t.metric, 'set', own.get(t.metric) ?? standard.get(t.metric) ?? null, t);
        const row = { threshold: toJson(t), updated_at_ms: ctx.nowMs, updated_by: ctx.username };
        await tx
          .insertInto('kind_thresholds')
          .values({ project_id: ctx.projectId, kind, metric: t.metric, ...row })
          .onConflict((oc) => oc.columns(['project_id', 'kind', 'metric']).doUpdateSet(row))
          .execute();
      }
      await propagate(tx, ctx.projectId, kind, [...own.values(), ...thresholds]);
    }
  });
  return getThresholds(db, ctx.projectId, ctx.target);
}

/**
 * Resets the target's metrics (`metrics`, or all) to their defaults and audits each change: a device's
 * metric takes its kind's default in the project (or is removed when the kind has none) and is no longer
 * marked edited; a kind's metric drops the project's own default, and the devices following it take the
 * standard default (or lose the threshold when there is none).
 * @throws ThresholdEditError not-found for an unknown device or kind
 */
export async function resetThresholds(db: Kysely<Database>, ctx: EditContext, metrics?: string[]): Promise<ThresholdView> {
  await db.transaction().execute(async (tx) => {
    if ('sn' in ctx.target) {
      const d = await deviceRow(tx, ctx.projectId, ctx.target.sn);
      const { standard, own } = await projectDefaults(tx, ctx.projectId, d.kind);
      const chosen = metrics ?? [...new Set([...d.thresholds.map((t) => t.metric), ...d.edited])];
      let next = [...d.thresholds];
      for (const m of chosen) {
        const i = next.findIndex((x) => x.metric === m);
        const def = own.get(m) ?? standard.get(m) ?? null;
        await audit(tx, ctx, d.kind, m, 'reset', i >= 0 ? next[i] : null, def);
        if (def === null) next = next.filter((x) => x.metric !== m);
        else if (i >= 0) next[i] = def;
        // a metric named explicitly takes its default even where the kind seeds only what a device measures:
        // that is how an administrator confirms the default of an unconfigured metric
        else if (DEVICE_KIND_REGISTRY.require(d.kind).thresholdScope === 'all' || metrics !== undefined) next.push(def);
      }
      const edited = d.edited.filter((m) => !chosen.includes(m));
      await tx
        .updateTable('devices')
        .set({ thresholds: toJson(next), thresholds_edited: toJson(edited), unconfigured_metrics: stillUnconfigured(d.unconfigured, next) })
        .where('project_id', '=', ctx.projectId)
        .where('sn', '=', ctx.target.sn)
        .execute();
    } else {
      const kind = ctx.target.kind;
      requireKind(kind);
      const { standard, own } = await projectDefaults(tx, ctx.projectId, kind);
      const chosen = (metrics ?? [...own.keys()]).filter((m) => own.has(m));
      for (const m of chosen) {
        await audit(tx, ctx, kind, m, 'reset', own.get(m)!, standard.get(m) ?? null);
        await tx.deleteFrom('kind_thresholds').where('project_id', '=', ctx.projectId).where('kind', '=', kind).where('metric', '=', m).execute();
      }
      const gone = chosen.filter((m) => !standard.has(m));
      if (gone.length > 0) {
        const devices = await tx.selectFrom('devices').select(['sn', 'thresholds', 'thresholds_edited']).where('project_id', '=', ctx.projectId).where('kind', '=', kind).execute();
        for (const dev of devices) {
          const edited = fromJson<string[]>(dev.thresholds_edited) ?? [];
          const current = fromJson<Threshold[]>(dev.thresholds);
          const next = current.filter((t) => !gone.includes(t.metric) || edited.includes(t.metric));
          if (next.length !== current.length) await tx.updateTable('devices').set({ thresholds: toJson(next) }).where('project_id', '=', ctx.projectId).where('sn', '=', dev.sn).execute();
        }
      }
      const kept = [...own.entries()].filter(([m]) => !chosen.includes(m)).map(([, t]) => t);
      await propagate(tx, ctx.projectId, kind, kept);
    }
  });
  return getThresholds(db, ctx.projectId, ctx.target);
}

/** A page of a project's threshold changes, newest first (`target` narrows to one device or kind). */
export async function listThresholdAudit(
  db: Kysely<Database>,
  projectId: string,
  opts: { target?: ThresholdTarget; beforeId?: number; limit: number },
): Promise<ThresholdAuditPage> {
  let q = db.selectFrom('threshold_audit').selectAll().where('project_id', '=', projectId);
  if (opts.target && 'sn' in opts.target) q = q.where('device_sn', '=', opts.target.sn);
  if (opts.target && 'kind' in opts.target) q = q.where('kind', '=', opts.target.kind).where('device_sn', 'is', null);
  if (opts.beforeId !== undefined) q = q.where('audit_id', '<', opts.beforeId);
  const rows = await q.orderBy('audit_id', 'desc').limit(opts.limit + 1).execute();
  const page = rows.slice(0, opts.limit);
  const entries: ThresholdAuditEntry[] = page.map((r) => ({
    auditId: Number(r.audit_id),
    projectId: r.project_id,
    target: r.device_sn !== null ? { sn: r.device_sn } : { kind: r.kind },
    kind: r.kind,
    metric: r.metric,
    action: r.action === 'reset' ? 'reset' : 'set',
    oldThreshold: r.old_threshold === null ? null : fromJson<Threshold>(r.old_threshold),
    newThreshold: r.new_threshold === null ? null : fromJson<Threshold>(r.new_threshold),
    changedBy: r.changed_by,
    changedAtMs: r.changed_at_ms,
  }));
  return { entries, nextBeforeId: rows.length > opts.limit ? entries[entries.length - 1].auditId : null };
}
