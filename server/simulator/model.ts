import {
  deviceTopic,
  type BeaconTelemetry,
  type CameraAlarm,
  type GasTelemetry,
  type TowerCraneTelemetry,
} from '../../protocol';
import { DEMO_DEVICES, DEMO_TUNNELS, type DemoDevice, type DemoTunnel } from '../seed/demoProject';
import { CameraModel } from './cameras';
import { SiteWind, TowerCrane, craneSpecFor } from './crane';
import { HeadingCycle, type HeadingStageState } from './cycle';
import { GasStation } from './gas';
import { PeopleModel, roleFromPosition, type HeadingSite, type PersonSpec } from './people';
import { Rng } from './prng';
import { SECOND_MS, type Crew } from './siteClock';

/**
 * The whole demo fleet as a pure, deterministic model: no I/O, no wall clock, no Math.random. The clock
 * only moves when `advanceTo` is called; the physics steps once per simulated second on a grid anchored
 * at `startMs`, so the messages are the same whatever steps the caller advances in.
 */

/** One message the fleet publishes, with its MQTT topic (protocol/topics.ts). */
export type SimMessage = { topic: string; sn: string; tsMs: number } & (
  | { kind: 'gas'; payload: GasTelemetry }
  | { kind: 'beacon'; payload: BeaconTelemetry }
  | { kind: 'towerCrane'; payload: TowerCraneTelemetry }
  | { kind: 'camera'; payload: CameraAlarm }
);

export interface FleetModelOptions {
  /** Project the topics are built for (must be a legal topic segment). */
  projectId: string;
  /** Any integer; the same seed and start time give the same messages. */
  seed: number;
  /** Simulated start, ms since epoch. */
  startMs: number;
  /** Devices to simulate (default: the whole demo fleet, DEMO_DEVICES). */
  devices?: readonly DemoDevice[];
  /** Bores and headings the devices refer to (default DEMO_TUNNELS). */
  tunnels?: readonly DemoTunnel[];
  /** Divides drill-and-blast stage durations, for demos that want several rounds an hour (default 1). */
  cycleCompression?: number;
}

interface Periodic {
  device: DemoDevice;
  topic: string;
  periodMs: number;
  nextDueMs: number;
  /** Index into the kind's sub-model. */
  ref: number;
}

const TICK_MS = SECOND_MS;
/** Cycle history is pruned this often (simulated), keeping memory flat on long runs. */
const PRUNE_EVERY_TICKS = 600;

/** The deterministic demo fleet. */
export class FleetModel {
  private readonly cycles = new Map<string, HeadingCycle>();
  private readonly gas: GasStation[] = [];
  private readonly people: PeopleModel;
  private readonly wind: SiteWind;
  private readonly cranes: TowerCrane[] = [];
  private readonly cameras: CameraModel;
  private readonly cameraTopics = new Map<string, string>();
  private readonly periodic: Periodic[] = [];
  private pending: SimMessage[] = [];
  private nextTickMs: number;
  private ticks = 0;
  private clockMs: number;

  /**
   * @throws Error when a device cannot be simulated: a gas station or beacon without a known heading,
   *   a gas station without `station`/`gases`, a beacon without `tunnelId`, or an sn or projectId that is not a legal topic segment.
   */
  constructor(opts: FleetModelOptions) {
    const { projectId, seed, startMs } = opts;
    const devices = opts.devices ?? DEMO_DEVICES;
    const tunnels = opts.tunnels ?? DEMO_TUNNELS;
    this.nextTickMs = startMs;
    this.clockMs = startMs;

    const sites = new Map<string, HeadingSite>();
    for (const t of tunnels) {
      for (const h of t.headings) {
        const cycle = new HeadingCycle(h, t.lengthM, seed, startMs, { compression: opts.cycleCompression });
        this.cycles.set(h.headingId, cycle);
        sites.set(h.headingId, { heading: h, cycle, tunnelLengthM: t.lengthM });
      }
    }
    const siteOf = (d: DemoDevice): HeadingSite => {
      const site = d.headingId ? sites.get(d.headingId) : undefined;
      if (!site) throw new Error(`device ${d.sn}: unknown heading ${d.headingId}`);
      return site;
    };

    const personSpecs: PersonSpec[] = [];
    const cameraSns: string[] = [];
    const teamSizes = new Map<string, number>();
    this.wind = new SiteWind(seed);
    for (const d of devices) {
      const topic = deviceTopic(projectId, d.kind, d.sn);
      let ref: number;
      switch (d.kind) {
        case 'gas': {
          const site = siteOf(d);
          if (!d.station || !d.gases?.length) throw new Error(`gas station ${d.sn}: station and gases are required`);
          ref = this.gas.length;
          this.gas.push(
            new GasStation({ sn: d.sn, station: d.station, gases: d.gases, heading: site.heading, tunnelLengthM: site.tunnelLengthM }, site.cycle, seed),
          );
          break;
        }
        case 'beacon': {
          const site = siteOf(d);
          if (!d.tunnelId) throw new Error(`beacon ${d.sn}: tunnelId is required`);
          ref = personSpecs.length;
          // Alternate crews within each team of a heading, so both crews have every team.
          const role = roleFromPosition(d.position);
          const teamKey = `${site.heading.headingId}:${role}`;
          const ordinal = teamSizes.get(teamKey) ?? 0;
          teamSizes.set(teamKey, ordinal + 1);
          const crew: Crew = ordinal % 2 === 0 ? 'day' : 'night';
          personSpecs.push({
            sn: d.sn,
            tunnelId: d.tunnelId,
            headingId: site.heading.headingId,
            role,
            crew,
            hasVitals: ref % 3 === 0,
          });
          break;
        }
        case 'towerCrane':
          ref = this.cranes.length;
          this.cranes.push(new TowerCrane(craneSpecFor(d.sn), this.wind, seed, startMs));
          break;
        case 'camera':
          cameraSns.push(d.sn);
          this.cameraTopics.set(d.sn, topic);
          continue; // event-driven, not periodic
      }
      if (d.reportPeriodS > 0) {
        const periodMs = Math.round(d.reportPeriodS * 1000);
        // Stagger devices over their period so they never all fire in the same millisecond.
        const phaseMs = Math.floor(Rng.derive(seed, `phase:${d.sn}`).uniform(0, periodMs));
        this.periodic.push({ device: d, topic, periodMs, nextDueMs: startMs + phaseMs, ref });
      }
    }
    this.people = new PeopleModel(personSpecs, [...sites.values()], seed, startMs);
    this.cameras = new CameraModel(cameraSns, seed);
  }

  /** Simulated time up to which messages have been handed out, ms since epoch. */
  get nowMs(): number {
    return this.clockMs;
  }

  /**
   * Moves the clock to `tMs` and returns every message stamped at or before it that was not returned
   * yet, ordered by timestamp. A `tMs` earlier than `nowMs` returns nothing.
   */
  advanceTo(tMs: number): SimMessage[] {
    while (this.nextTickMs <= tMs) this.tick(this.nextTickMs);
    if (tMs > this.clockMs) this.clockMs = tMs;
    let n = 0;
    while (n < this.pending.length && this.pending[n].tsMs <= tMs) n++;
    if (n === 0) return [];
    const out = this.pending.slice(0, n);
    this.pending = this.pending.slice(n);
    return out;
  }

  /** Drill-and-blast stage of every heading at `nowMs`. */
  headingStates(): HeadingStageState[] {
    return [...this.cycles.values()].map((c) => c.stateAt(this.clockMs));
  }

  private tick(t: number): void {
    const dtS = TICK_MS / 1000;
    this.people.step(t, dtS);
    this.wind.step(t, dtS);
    for (const c of this.cranes) c.step(t, dtS);
    const out: SimMessage[] = [];
    for (const e of this.cameras.step(t, dtS)) {
      out.push({ topic: this.cameraTopics.get(e.sn)!, sn: e.sn, tsMs: e.alarm.ts, kind: 'camera', payload: e.alarm });
    }
    const end = t + TICK_MS;
    for (const p of this.periodic) {
      while (p.nextDueMs < end) {
        const ts = p.nextDueMs;
        p.nextDueMs += p.periodMs;
        const msg = this.sample(p, ts);
        if (msg) out.push(msg);
      }
    }
    out.sort((a, b) => a.tsMs - b.tsMs); // stable: ties keep device order
    for (const m of out) this.pending.push(m);
    this.nextTickMs = end;
    if (++this.ticks % PRUNE_EVERY_TICKS === 0) for (const c of this.cycles.values()) c.prune(t);
  }

  private sample(p: Periodic, ts: number): SimMessage | null {
    const { sn } = p.device;
    switch (p.device.kind) {
      case 'gas':
        return { topic: p.topic, sn, tsMs: ts, kind: 'gas', payload: { ts, readings: this.gas[p.ref].sample(ts) } };
      case 'beacon': {
        const payload = this.people.sample(p.ref, ts);
        return payload ? { topic: p.topic, sn, tsMs: ts, kind: 'beacon', payload } : null;
      }
      case 'towerCrane':
        return { topic: p.topic, sn, tsMs: ts, kind: 'towerCrane', payload: this.cranes[p.ref].sample(ts) };
      case 'camera':
        return null;
    }
  }
}
