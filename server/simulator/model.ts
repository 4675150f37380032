import { DEVICE_KINDS, deviceTopic, type DeviceKind, type MessageOf, type SprayCommand } from '../../protocol';
import { DEMO_DEVICES, DEMO_TUNNELS, type DemoDevice, type DemoTunnel } from '../seed/demoProject';
import { SiteWind } from './crane';
import { SiteTraffic } from './vehicles';
import { HeadingCycle, type HeadingStageState } from './cycle';
import { KIND_SIMULATORS, type KindSimulation } from './kinds';
import type { HeadingSite } from './people';
import { Rng } from './prng';
import { SECOND_MS } from './siteClock';

/**
 * The whole demo fleet as a pure, deterministic model: no I/O, no wall clock, no Math.random. The clock
 * only moves when `advanceTo` is called; the physics steps once per simulated second on a grid anchored
 * at `startMs`, so the messages are the same whatever steps the caller advances in.
 */

/** One message the fleet publishes, with its MQTT topic (protocol/topics.ts). */
export type SimMessage = { topic: string; sn: string; tsMs: number } & { [K in DeviceKind]: { kind: K; payload: MessageOf<K> } }[DeviceKind];

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
  /** The simulation of the device's kind, and the device's index in it. */
  sim: AnySimulation;
  ref: number;
}

/** Any kind's simulation (the fleet holds them side by side). */
type AnySimulation = KindSimulation<DeviceKind>;

const TICK_MS = SECOND_MS;
/** Cycle history is pruned this often (simulated), keeping memory flat on long runs. */
const PRUNE_EVERY_TICKS = 600;

/** The deterministic demo fleet. */
export class FleetModel {
  private readonly cycles = new Map<string, HeadingCycle>();
  private readonly wind: SiteWind;
  /** One simulation per kind (server/simulator/kinds.ts), stepped in registry order. */
  private readonly simulations = new Map<DeviceKind, AnySimulation>();
  /** Topic of every device, for messages a simulation publishes on its own (events). */
  private readonly topics = new Map<string, string>();
  /** Each device's simulation and its index there, by sn (commands are routed by it). */
  private readonly bySn = new Map<string, { sim: AnySimulation; ref: number }>();
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

    this.wind = new SiteWind(seed);
    const site = { seed, startMs, sites: [...sites.values()], siteOf, wind: this.wind, crowd: { people: null }, spraying: new Set<string>(), traffic: new SiteTraffic(seed) };
    for (const kind of DEVICE_KINDS) this.simulations.set(kind, KIND_SIMULATORS[kind](site) as unknown as AnySimulation);
    for (const d of devices) {
      const topic = deviceTopic(projectId, d.kind, d.sn);
      this.topics.set(d.sn, topic);
      const sim = this.simulations.get(d.kind)!;
      const ref = sim.add(d);
      this.bySn.set(d.sn, { sim, ref });
      if (d.reportPeriodS > 0) {
        const periodMs = Math.round(d.reportPeriodS * 1000);
        // Stagger devices over their period so they never all fire in the same millisecond.
        const phaseMs = Math.floor(Rng.derive(seed, `phase:${d.sn}`).uniform(0, periodMs));
        this.periodic.push({ device: d, topic, periodMs, nextDueMs: startMs + phaseMs, sim, ref });
      }
    }
    for (const sim of this.simulations.values()) sim.seal();
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

  /**
   * A command from the server to device `sn` (its kind's model carries it out; the answer comes with the
   * next messages). @returns false when no device of a kind taking commands has that sn
   */
  command(sn: string, command: SprayCommand): boolean {
    const d = this.bySn.get(sn);
    if (!d?.sim.command) return false;
    d.sim.command(d.ref, command);
    return true;
  }

  /** Drill-and-blast stage of every heading at `nowMs`. */
  headingStates(): HeadingStageState[] {
    return [...this.cycles.values()].map((c) => c.stateAt(this.clockMs));
  }

  private tick(t: number): void {
    const dtS = TICK_MS / 1000;
    this.wind.step(t, dtS);
    const out: SimMessage[] = [];
    for (const [kind, sim] of this.simulations) {
      for (const e of sim.step(t, dtS)) out.push({ topic: this.topics.get(e.sn)!, sn: e.sn, tsMs: e.tsMs, kind, payload: e.payload } as SimMessage);
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
    const payload = p.sim.sample(p.ref, ts);
    return payload ? ({ topic: p.topic, sn: p.device.sn, tsMs: ts, kind: p.device.kind, payload } as SimMessage) : null;
  }
}
