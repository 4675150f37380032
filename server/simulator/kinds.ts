import type { DeviceKind, MessageOf, SprayCommand } from '../../protocol';
import type { DemoDevice } from '../seed/demoProject';
import { demoPersonId } from '../seed/demoPeople';
import { SHIFTS, shiftTimes } from '../seed/demoEquipment';
import { beijingDayStart } from '../../protocol';
import { CameraModel } from './cameras';
import { SiteWind, TowerCrane, craneSpecFor } from './crane';
import { BridgeGirderErectorModel, ConstructionElevatorModel, GantryCraneModel, YardCraneModel } from './equipment';
import { EnvironmentStation } from './environment';
import { FogCannonModel } from './fogCannon';
import { GasStation } from './gas';
import { StageReporter } from './stageReporter';
import { PeopleModel, roleFromPosition, type HeadingSite, type PersonSpec } from './people';
import type { Crew } from './siteClock';
import { HeadingProgressModel } from './progress';
import { Rng } from './prng';
import { vehicleMessage, type SiteTraffic } from './vehicles';

/**
 * One simulator model per device kind (docs/architecture.md "Adding a device kind"). The fleet model
 * (model.ts) builds the site (headings and their drill-and-blast cycles, the site wind), hands each device
 * to the model of its kind, steps every model once per simulated second and collects what they publish.
 * `KIND_SIMULATORS` is keyed by every DeviceKind, so a kind without a simulator model does not compile.
 */

/** What every kind's model may share: the seed, the start, the headings and the site wind. */
export interface SimSite {
  seed: number;
  startMs: number;
  /** Every heading of the project with its cycle. */
  sites: readonly HeadingSite[];
  /** The heading a device belongs to. @throws Error when it has none or an unknown one. */
  siteOf(device: DemoDevice): HeadingSite;
  /** Site-wide wind, stepped by the fleet before the kinds' models. */
  wind: SiteWind;
  /** The people of the site, once the beacons' model is sealed (the gates follow them). */
  crowd: { people: PeopleModel | null };
  /** Environment monitors (by sn) whose fog cannon sprays now: their dust is lower (fogCannon.ts). */
  spraying: Set<string>;
  /** Where the demo's vehicles are at any instant (vehicles.ts): driven by the vehicle model, kept clear of by people. */
  traffic: SiteTraffic;
}

/** A message a kind's model publishes on its own (events), at `tsMs`. */
export interface SimEvent<K extends DeviceKind> {
  sn: string;
  tsMs: number;
  payload: MessageOf<K>;
}

/** The simulation of every device of one kind. */
export interface KindSimulation<K extends DeviceKind> {
  /**
   * Adds a device (in fleet order). @returns its index for `sample`.
   * @throws Error when the device lacks what its kind needs (a heading, a station, a tunnel).
   */
  add(device: DemoDevice): number;
  /** Called once after the last `add`. */
  seal(): void;
  /** One simulated step ending at tMs + dtS; returns event messages (cameras), if any. */
  step(tMs: number, dtS: number): Array<SimEvent<K>>;
  /** The periodic message of device `index` at `tsMs`, or null when it publishes nothing then. */
  sample(index: number, tsMs: number): MessageOf<K> | null;
  /** A command from the server to device `index` (kinds that take commands, descriptor `commands`). */
  command?(index: number, command: SprayCommand): void;
}

type SimulatorFactory<K extends DeviceKind> = (site: SimSite) => KindSimulation<K>;

const NO_EVENTS: never[] = [];

/** Tunnel air stations: the gas model of gas.ts, driven by their heading's drill-and-blast cycle. */
const gasSimulator: SimulatorFactory<'gas'> = (site) => {
  const stations: GasStation[] = [];
  return {
    add(d) {
      const s = site.siteOf(d);
      if (!d.station || !d.gases?.length) throw new Error(`gas station ${d.sn}: station and gases are required`);
      stations.push(new GasStation({ sn: d.sn, station: d.station, gases: d.gases, heading: s.heading, tunnelLengthM: s.tunnelLengthM }, s.cycle, site.seed));
      return stations.length - 1;
    },
    seal() {},
    step: () => NO_EVENTS,
    sample: (i, ts) => ({ ts, readings: stations[i].sample(ts) }),
  };
};

/** Personnel tags: crews by shift, following their heading's cycle. */
const beaconSimulator: SimulatorFactory<'beacon'> = (site) => {
  const specs: PersonSpec[] = [];
  const teamSizes = new Map<string, number>();
  let people: PeopleModel | null = null;
  return {
    add(d) {
      const s = site.siteOf(d);
      if (!d.tunnelId) throw new Error(`beacon ${d.sn}: tunnelId is required`);
      const ref = specs.length;
      // Alternate crews within each team of a heading, so both crews have every team.
      const role = roleFromPosition(d.position);
      const teamKey = `${s.heading.headingId}:${role}`;
      const ordinal = teamSizes.get(teamKey) ?? 0;
      teamSizes.set(teamKey, ordinal + 1);
      const crew: Crew = ordinal % 2 === 0 ? 'day' : 'night';
      specs.push({ sn: d.sn, tunnelId: d.tunnelId, headingId: s.heading.headingId, role, crew, hasVitals: ref % 3 === 0 });
      return ref;
    },
    seal() {
      people = new PeopleModel(specs, site.sites, site.seed, site.startMs, site.traffic);
      site.crowd.people = people;
    },
    step(t, dtS) {
      people!.step(t, dtS);
      return NO_EVENTS;
    },
    sample: (i, ts) => people!.sample(i, ts),
  };
};

/** Tower cranes: lift cycles under the site wind. */
const towerCraneSimulator: SimulatorFactory<'towerCrane'> = (site) => {
  const cranes: TowerCrane[] = [];
  return {
    add(d) {
      cranes.push(new TowerCrane(craneSpecFor(d.sn), site.wind, site.seed, site.startMs));
      return cranes.length - 1;
    },
    seal() {},
    step(t, dtS) {
      for (const c of cranes) c.step(t, dtS);
      return NO_EVENTS;
    },
    sample: (i, ts) => cranes[i].sample(ts),
  };
};

/** AI cameras: violation events at the rates of the AI mix. */
const cameraSimulator: SimulatorFactory<'camera'> = (site) => {
  const sns: string[] = [];
  let cameras: CameraModel | null = null;
  return {
    add(d) {
      sns.push(d.sn);
      return sns.length - 1;
    },
    seal() {
      cameras = new CameraModel(sns, site.seed);
    },
    step: (t, dtS) => cameras!.step(t, dtS).map((e) => ({ sn: e.sn, tsMs: e.alarm.ts, payload: e.alarm })),
    sample: () => null,
  };
};

/** Foremen's tablets: a stage-change message whenever their heading's round moves on (stageReporter.ts). */
const cycleStageSimulator: SimulatorFactory<'cycleStage'> = (site) => {
  const reporters: Array<{ sn: string; reporter: StageReporter }> = [];
  return {
    add(d) {
      reporters.push({ sn: d.sn, reporter: new StageReporter(site.siteOf(d), d.name) });
      return reporters.length - 1;
    },
    seal() {},
    step(t) {
      const out: Array<SimEvent<'cycleStage'>> = [];
      for (const r of reporters) {
        const msg = r.reporter.step(t);
        if (msg) out.push({ sn: r.sn, tsMs: msg.ts, payload: msg });
      }
      return out;
    },
    sample: () => null,
  };
};

/**
 * Face-recognition gates at the site entrance and the portals: a pass whenever a simulated person goes
 * through (people.ts: in through the site gate, in through the portal gate as the tag is switched on, out
 * through the portal gate as it is docked, out through the site gate minutes later), stepped after the
 * beacons (registry order). A portal gate is the gate registered on the person's bore at their heading's
 * portal (`E`/`X` ending of its sn); the site gate the one registered on no bore.
 */
const gateSimulator: SimulatorFactory<'gate'> = (site) => {
  let siteGate: string | null = null;
  const portalGates = new Map<string, string>();
  return {
    add(d) {
      if (d.tunnelId === null) siteGate ??= d.sn;
      else portalGates.set(`${d.tunnelId}:${d.sn.endsWith('X') ? 'exit' : 'entry'}`, d.sn);
      return 0;
    },
    seal() {},
    step() {
      const out: Array<SimEvent<'gate'>> = [];
      for (const p of site.crowd.people?.drainPasses() ?? []) {
        const sn = p.gate === 'site' ? siteGate : portalGates.get(`${p.tunnelId}:${p.portal}`);
        if (!sn) continue;
        out.push({ sn, tsMs: p.tsMs, payload: { ts: p.tsMs, personId: demoPersonId(p.sn), direction: p.direction, passId: `${p.sn}-${p.direction}-${p.tsMs}` } });
      }
      return out;
    },
    sample: () => null,
  };
};

/**
 * Cab clock-in terminals: each machine's rota driver clocks in at the start of the shift, at the minute the
 * demo's attendance rota has them (server/seed/demoEquipment.ts: driver 1 early, driver 2 late), face matched.
 */
const cabFaceSimulator: SimulatorFactory<'cabFace'> = () => {
  const terminals: Array<{ sn: string; machineSn: string }> = [];
  return {
    add(d) {
      if (!d.cabOf) throw new Error(`cab terminal ${d.sn}: cabOf (its machine) is required`);
      terminals.push({ sn: d.sn, machineSn: d.cabOf });
      return terminals.length - 1;
    },
    seal() {},
    step(t, dtS) {
      const out: Array<SimEvent<'cabFace'>> = [];
      const end = t + dtS * 1000;
      for (const day of new Set([beijingDayStart(t), beijingDayStart(end)])) {
        for (let shift = 0; shift < SHIFTS.length; shift++) {
          for (const term of terminals) {
            const driverId = `${term.machineSn}-D${shift + 1}`;
            const { inMs } = shiftTimes(driverId, day, shift);
            if (inMs < t || inMs >= end) continue;
            const score = 90 + (Math.abs(inMs / 60_000) % 10);
            out.push({ sn: term.sn, tsMs: inMs, payload: { ts: inMs, machineSn: term.machineSn, driverId, matched: true, score, clockInId: `${driverId}-${inMs}` } });
          }
        }
      }
      return out;
    },
    sample: () => null,
  };
};

/** Steps a list of equipment models and samples them by index (equipment.ts). */
function equipmentSimulator<K extends DeviceKind, T extends { step(t: number, dtS: number): void; sample(ts: number): MessageOf<K> }>(
  make: (d: DemoDevice, site: SimSite) => T,
): SimulatorFactory<K> {
  return (site) => {
    const models: T[] = [];
    return {
      add(d) {
        models.push(make(d, site));
        return models.length - 1;
      },
      seal() {},
      step(t, dtS) {
        for (const m of models) m.step(t, dtS);
        return NO_EVENTS;
      },
      sample: (i, ts) => models[i].sample(ts),
    };
  };
}

/** Fog cannons: switched by the server's commands, answering each at once; their spray lowers their monitor's dust. */
const fogCannonSimulator: SimulatorFactory<'fogCannon'> = (site) => {
  const models: FogCannonModel[] = [];
  return {
    add(d) {
      models.push(new FogCannonModel(d.sn, d.linkedStation ?? null));
      return models.length - 1;
    },
    seal() {},
    step(t, dtS) {
      const answers: Array<SimEvent<'fogCannon'>> = [];
      site.spraying.clear();
      for (const m of models) {
        const ack = m.step(t, dtS);
        if (ack) answers.push({ sn: m.sn, tsMs: t, payload: m.sample(t, ack) });
        if (m.spraying && m.station) site.spraying.add(m.station);
      }
      return answers;
    },
    sample: (i, ts) => models[i].sample(ts),
    command: (i, c) => models[i].command(c),
  };
};

/** Tunnel process devices: the face of their heading's cycle, the invert and lining poured behind it (progress.ts). */
const tunnelProgressSimulator: SimulatorFactory<'tunnelProgress'> = (site) => {
  const models: HeadingProgressModel[] = [];
  return {
    add(d) {
      const s = site.siteOf(d);
      models.push(new HeadingProgressModel(s.heading, s.cycle));
      return models.length - 1;
    },
    seal() {},
    step: () => NO_EVENTS,
    sample: (i, ts) => models[i].at(ts),
  };
};

/** Construction vehicles: loaders, dump trucks and shotcrete trucks moving with their heading's cycle (vehicles.ts). */
const vehicleSimulator: SimulatorFactory<'vehicle'> = (site) => {
  const tags: Array<{ ref: number; tunnelId: string; rng: Rng; battery: number }> = [];
  const ordinals = new Map<string, number>();
  return {
    add(d) {
      const s = site.siteOf(d);
      const type = d.vehicle?.type;
      if (!d.tunnelId || (type !== 'loader' && type !== 'dumpTruck' && type !== 'shotcreteTruck')) throw new Error(`vehicle ${d.sn}: a tunnelId and a loader, dumpTruck or shotcreteTruck type are required`);
      const key = `${s.heading.headingId}:${type}`;
      const ordinal = ordinals.get(key) ?? 0;
      ordinals.set(key, ordinal + 1);
      const rng = Rng.derive(site.seed, `vehicle:${d.sn}`);
      tags.push({ ref: site.traffic.add(type, d.tunnelId, s, ordinal), tunnelId: d.tunnelId, rng, battery: rng.uniform(70, 100) });
      return tags.length - 1;
    },
    seal() {},
    step: () => NO_EVENTS,
    sample(i, ts) {
      const tag = tags[i];
      const place = site.traffic.placeAt(tag.ref, ts);
      return place ? vehicleMessage(tag.tunnelId, place, ts, tag.rng, tag.battery) : null;
    },
  };
};

/** The simulator model of each kind. */
export const KIND_SIMULATORS: { [K in DeviceKind]: SimulatorFactory<K> } = {
  gas: gasSimulator,
  beacon: beaconSimulator,
  towerCrane: towerCraneSimulator,
  camera: cameraSimulator,
  constructionElevator: equipmentSimulator((d, s) => new ConstructionElevatorModel(d.sn, s.wind, s.seed, s.startMs)),
  bridgeGirderErector: equipmentSimulator((d, s) => new BridgeGirderErectorModel(d.sn, s.wind, s.seed, s.startMs)),
  gantryCrane: equipmentSimulator((d, s) => new GantryCraneModel(d.sn, s.wind, s.seed, s.startMs)),
  // Crawler cranes are named "crawler" in their position; every other yard crane is a truck crane.
  yardCrane: equipmentSimulator((d, s) => new YardCraneModel(d.sn, /crawler/i.test(`${d.name} ${d.position}`) ? 'crawler' : 'truck', s.wind, s.seed, s.startMs)),
  // Environment monitors at the portals, following their heading's cycle and the site wind.
  environment: equipmentSimulator((d, s) => new EnvironmentStation(d.sn, s.siteOf(d).cycle, s.wind, s.seed, s.spraying)),
  tunnelProgress: tunnelProgressSimulator,
  cycleStage: cycleStageSimulator,
  gate: gateSimulator,
  fogCannon: fogCannonSimulator,
  vehicle: vehicleSimulator,
  cabFace: cabFaceSimulator,
};
