import type { Kysely } from 'kysely';
import { commandRole, type CommandRecord, type SprayAction, type SprayLinkage, type SprayMode, type SprayState } from '../../protocol';
import { writeAudit } from '../http/audit';
import type { Database } from '../storage/schema';
import { loadSprayRows, saveSpray, type SprayChange } from '../storage/spray';
import { Commander, DEFAULT_RETRY_POLICY, type CommandEvent, type Downlink, type RetryPolicy } from './commander';
import { LinkageRule } from './linkage';

/** A device as the rules engine knows it: what the spray service needs of a fog cannon or a monitor. */
export interface KnownDevice {
  sn: string;
  kind: string;
  name: string;
  online: boolean;
}

/** The audit log's user name of commands the linkage rule sends. */
export const LINKAGE_ACTOR = 'linkage';

/** One fog cannon's state on this node. */
interface Cannon {
  projectId: string;
  sn: string;
  kind: string;
  rule: LinkageRule | null;
  mode: SprayMode;
  spraying: boolean | null;
  reportedAtMs: number | null;
  lastCommand: CommandRecord | null;
}

/** What the service needs from the rest of the server. */
export interface SprayDeps {
  db: Kysely<Database>;
  downlink: Downlink;
  /** The registered devices of a project (the rules engine's). */
  devices(projectId: string): Iterable<KnownDevice>;
  /** One registered device, or undefined. */
  device(projectId: string, sn: string): KnownDevice | undefined;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  retry?: RetryPolicy;
}

const key = (projectId: string, sn: string) => `${projectId}\u0000${sn}`;

/**
 * Spray linkage of the fog cannons (docs/domain.md "Spray linkage"): follows the valid readings of each
 * cannon's linked monitor through its {@link LinkageRule} while the cannon is automatic, sends the commands
 * through the {@link Commander} (one pending per cannon, retried with back-off), takes the cannons'
 * acknowledgements and reported state from their telemetry, and writes every command sent, answered,
 * superseded or given up to the audit log (`spray.*` actions) and the last command to `spray_linkages`. Bounded by the
 * registered cannons; state is rebuilt from the database at start.
 */
export class SprayService {
  private readonly cannons = new Map<string, Cannon>();
  /** Cannons by the monitor they follow: project and station sn → cannon keys. */
  private readonly byStation = new Map<string, Set<string>>();
  private readonly commander: Commander;
  /** Database writes in order, one at a time. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SprayDeps) {
    this.commander = new Commander(deps.downlink, (e) => this.onCommandEvent(e), deps.retry ?? DEFAULT_RETRY_POLICY);
  }

  /**
   * (Re)reads the fog cannons of one project (or every project) from the rules engine's devices and their
   * stored linkage; a command pending when the server stopped is sent again.
   */
  async load(projectIds: Iterable<string>, nowMs: number): Promise<void> {
    for (const projectId of projectIds) {
      const rows = new Map((await loadSprayRows(this.deps.db, projectId)).map((r) => [r.sn, r]));
      for (const [k, c] of this.cannons) if (c.projectId === projectId && !commandRole(this.deps.device(projectId, c.sn)?.kind ?? '')) this.drop(k);
      for (const d of this.deps.devices(projectId)) {
        if (!commandRole(d.kind)) continue;
        const row = rows.get(d.sn);
        const k = key(projectId, d.sn);
        const known = this.cannons.get(k);
        if (known) this.unlinkStation(k, known);
        const c: Cannon = known ?? { projectId, sn: d.sn, kind: d.kind, rule: null, mode: 'auto', spraying: null, reportedAtMs: null, lastCommand: null };
        c.kind = d.kind;
        c.mode = row?.mode ?? 'auto';
        c.rule = row?.linkage ? new LinkageRule(row.linkage) : null;
        if (!known) {
          c.lastCommand = row?.lastCommand ?? null;
          if (c.lastCommand?.result === 'pending') this.commander.resume({ projectId, kind: c.kind, sn: c.sn }, c.lastCommand, nowMs);
        }
        this.cannons.set(k, c);
        this.linkStation(k, c);
      }
    }
  }

  /**
   * An accepted device message with its flattened values, received at `atMs`: a fog cannon's state and
   * acknowledgement, or a reading of a monitor some cannon follows (judged only while its data flag is `N`).
   */
  accepted(projectId: string, sn: string, kind: string, msg: unknown, values: Record<string, number>, atMs: number): void {
    const role = commandRole(kind);
    const cannon = role ? this.cannons.get(key(projectId, sn)) : undefined;
    if (role && cannon) {
      cannon.spraying = role.on(msg);
      cannon.reportedAtMs = atMs;
      const ack = role.ack(msg);
      if (ack) this.commander.answer(projectId, sn, ack.commandId, ack.ok, atMs);
    }
    const followers = this.byStation.get(key(projectId, sn));
    if (!followers) return;
    for (const k of followers) {
      const c = this.cannons.get(k);
      if (!c?.rule || c.mode !== 'auto') continue;
      const metric = c.rule.config.metric;
      const value = values[metric];
      if (value === undefined || (values[`${metric}Flag`] ?? 0) !== 0) continue;
      const action = c.rule.reading(value, atMs, this.toldOn(c));
      if (action) this.send(c, action, 'auto', LINKAGE_ACTOR, atMs);
    }
  }

  /**
   * An administrator's command: `on` or `off` switches the cannon by hand (it stays manual until set back
   * to `auto`, which hands it to the linkage rule at the monitor's next reading). The route audits the
   * request; the commands it sends are audited here.
   * @returns the cannon's state, or null when `sn` is not a fog cannon of the project
   */
  async manual(projectId: string, sn: string, action: SprayAction | 'auto', by: string, nowMs: number): Promise<SprayState | null> {
    const c = this.cannons.get(key(projectId, sn));
    if (!c) return null;
    c.rule?.reset();
    if (action === 'auto') {
      c.mode = 'auto';
      await this.persist(c, { mode: 'auto' });
    } else {
      c.mode = 'manual';
      this.send(c, action, 'manual', by, nowMs);
      await this.persist(c, { mode: 'manual' });
    }
    return this.stateOf(c);
  }

  /**
   * Links a cannon to a monitor (or unlinks it with null); the route audits it.
   * @returns the cannon's state, or null when `sn` is not a fog cannon of the project
   */
  async setLinkage(projectId: string, sn: string, linkage: SprayLinkage | null): Promise<SprayState | null> {
    const k = key(projectId, sn);
    const c = this.cannons.get(k);
    if (!c) return null;
    this.unlinkStation(k, c);
    if (!linkage) c.rule = null;
    else if (c.rule) c.rule.config = linkage;
    else c.rule = new LinkageRule(linkage);
    this.linkStation(k, c);
    await this.persist(c, { linkage });
    return this.stateOf(c);
  }

  /** The fog cannons of a project with their state, by name. */
  states(projectId: string): SprayState[] {
    const out: SprayState[] = [];
    for (const c of this.cannons.values()) if (c.projectId === projectId) out.push(this.stateOf(c));
    return out.sort((a, b) => a.name.localeCompare(b.name) || a.sn.localeCompare(b.sn));
  }

  /** Sends again or gives up the commands whose answer is overdue; call about once a second. */
  tick(nowMs: number): void {
    this.commander.tick(nowMs);
  }

  /** Settles once every database write queued so far is done (tests, shutdown). */
  flushed(): Promise<void> {
    return this.writes;
  }

  private stateOf(c: Cannon): SprayState {
    const d = this.deps.device(c.projectId, c.sn);
    return {
      sn: c.sn,
      name: d?.name ?? c.sn,
      online: d?.online ?? false,
      linkage: c.rule ? { ...c.rule.config } : null,
      mode: c.mode,
      spraying: c.spraying,
      reportedAtMs: c.reportedAtMs,
      lastCommand: c.lastCommand ? { ...c.lastCommand } : null,
    };
  }

  /** Whether the cannon is told to spray: its last command is `on` and was not refused or given up. */
  private toldOn(c: Cannon): boolean {
    const last = c.lastCommand;
    if (!last) return c.spraying === true;
    const failed = last.result === 'refused' || last.result === 'unacknowledged';
    return failed ? c.spraying === true : last.action === 'on';
  }

  private send(c: Cannon, action: SprayAction, source: 'auto' | 'manual', by: string, nowMs: number): void {
    c.lastCommand = this.commander.send({ projectId: c.projectId, kind: c.kind, sn: c.sn }, action, source, by, nowMs);
  }

  private onCommandEvent(e: CommandEvent): void {
    const c = this.cannons.get(key(e.target.projectId, e.target.sn));
    const r = e.record;
    const action = e.what === 'sent' ? 'spray.command' : e.what === 'answered' ? `spray.${r.result}` : e.what === 'given-up' ? 'spray.unacknowledged' : 'spray.superseded';
    const detail = { commandId: r.commandId, action: r.action, source: r.source, attempt: r.attempts, ...(e.error ? { error: e.error } : {}) };
    if (e.error) this.deps.log.warn({ sn: e.target.sn, commandId: r.commandId, err: e.error }, 'spray command not published');
    this.audit(e.target, r.by, action, detail, e.what === 'sent' ? Date.now() : (r.answeredAtMs ?? Date.now()));
    // the cannon's current command as it stands (attempts, answer), so a restart takes it up where it was
    if (c && c.lastCommand?.commandId === r.commandId) {
      const last = { ...c.lastCommand };
      this.queue(() => saveSpray(this.deps.db, c.projectId, c.sn, { lastCommand: last }));
    }
  }

  private audit(t: { projectId: string; sn: string }, by: string, action: string, detail: object, atMs: number): void {
    this.queue(() => writeAudit(this.deps.db, { username: by, projectId: t.projectId, action, target: t.sn, detail: JSON.stringify(detail), atMs }));
  }

  private persist(c: Cannon, change: SprayChange): Promise<void> {
    this.queue(() => saveSpray(this.deps.db, c.projectId, c.sn, change));
    return this.writes;
  }

  private queue(write: () => Promise<unknown>): void {
    this.writes = this.writes.then(write).then(
      () => undefined,
      (err: unknown) => this.deps.log.error({ err }, 'spray state or audit entry not stored'),
    );
  }

  private linkStation(k: string, c: Cannon): void {
    if (!c.rule) return;
    const sk = key(c.projectId, c.rule.config.stationSn);
    const set = this.byStation.get(sk) ?? new Set<string>();
    set.add(k);
    this.byStation.set(sk, set);
  }

  private unlinkStation(k: string, c: Cannon): void {
    if (!c.rule) return;
    const sk = key(c.projectId, c.rule.config.stationSn);
    const set = this.byStation.get(sk);
    set?.delete(k);
    if (set?.size === 0) this.byStation.delete(sk);
  }

  private drop(k: string): void {
    const c = this.cannons.get(k);
    if (!c) return;
    this.unlinkStation(k, c);
    this.commander.forget(c.projectId, c.sn);
    this.cannons.delete(k);
  }
}
