import {
  GATEWAY_TICK_MS,
  type BeaconTelemetry,
  type GasCode,
  type GasTelemetry,
  type TelemetryBatch,
  type BridgeGirderErectorTelemetry,
  type ConstructionElevatorTelemetry,
  type GantryCraneTelemetry,
  type TowerCraneTelemetry,
  type YardCraneTelemetry,
} from '../../../protocol';
import { BRIDGE_DEVICES, DEMO_DEVICES, DEMO_PROJECT, DEMO_TUNNELS } from '../../../server/seed/demoProject';
import { SCENE } from '../scene';
import { Rng } from '../../../server/simulator/prng';

/** Normal level and noise per gas in its unit (docs/domain.md "Tunnel air", normal column). */
const GAS_NORMAL: Record<GasCode, [level: number, noise: number]> = {
  CO: [3, 1.5],
  H2S: [0.1, 0.1],
  NH3: [1, 0.5],
  O2: [20.9, 0.05],
  CH4: [0.03, 0.01],
  H2: [0.01, 0.005],
  CO2: [0.07, 0.01],
  dust: [1.2, 0.4],
  NO2: [0.25, 0.1],
  SO2: [0.05, 0.03],
  acrolein: [0.01, 0.005],
};

interface GasStation { projectId: string; sn: string; gases: GasCode[]; periodTicks: number; phase: number }
interface Beacon {
  projectId: string;
  sn: string;
  tunnelId: string;
  lengthM: number;
  chainageM: number;
  speedMps: number;
  battery: number;
  vitals: boolean;
  phase: number;
}
interface Crane { projectId: string; sn: string; periodTicks: number; phase: number; angle: number }
/** The lifting-equipment kinds other than the tower crane (docs/architecture.md "Lifting equipment"), each device at its report period. */
type EquipmentKind = 'constructionElevator' | 'bridgeGirderErector' | 'gantryCrane' | 'yardCrane';
interface Equipment { projectId: string; sn: string; kind: EquipmentKind; periodTicks: number; phase: number }
const EQUIPMENT_KINDS: readonly string[] = ['constructionElevator', 'bridgeGirderErector', 'gantryCrane', 'yardCrane'];

/** Ticks per reporting period, at least 1. */
const ticksOf = (periodS: number) => Math.max(1, Math.round((periodS * 1000) / GATEWAY_TICK_MS));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Deterministic telemetry load shaped like the gateway's output: every GATEWAY_TICK_MS (200 ms) one
 * TelemetryBatch per topic that has items (one socket.io room per project and topic). `multiplier`
 * copies the demo fleet (server/seed/demoProject.ts: 12 gas stations at 10–30 s, 200 beacons at 1 Hz,
 * 2 tower cranes at 2 s, the shaft elevator at 10 s and the gantry crane at 2 s, plus the bridge's girder
 * erector, gantry and crawler crane at 2 s: ≈ 212 messages/s) that many times into the demo project; copy 0 keeps the demo
 * sns, copy c the suffix `-{c+1}`. One project, because a board streams one project: the app's TopicHub
 * would drop other projects' frames, which would flatter it against a baseline that processes them.
 * Item `ts` is the generation time given to `tick`, so latency is measured from "device sent it".
 */
export class LoadGenerator {
  private readonly rand: () => number;
  private readonly gas: GasStation[] = [];
  private readonly beacons: Beacon[] = [];
  private readonly cranes: Crane[] = [];
  private readonly equipment: Equipment[] = [];
  private tickNo = 0;

  /**
   * @param multiplier positive integer count of demo-fleet copies.
   * @throws RangeError when multiplier is not a positive integer.
   */
  constructor(readonly multiplier: number, seed: number) {
    if (!Number.isInteger(multiplier) || multiplier < 1) throw new RangeError(`multiplier must be a positive integer: ${multiplier}`);
    const rng = new Rng(seed);
    this.rand = () => rng.next();
    const lengthOf = new Map(DEMO_TUNNELS.map((t) => [t.tunnelId, t.lengthM]));
    const projectId = DEMO_PROJECT.projectId;
    for (let c = 0; c < multiplier; c++) {
      const snOf = (sn: string) => (c === 0 ? sn : `${sn}-${c + 1}`);
      for (const d of DEMO_DEVICES) {
        const phase = Math.floor(this.rand() * 1000);
        if (d.kind === 'gas') {
          const periodS = c === 0 && d.sn === SCENE.stationSn ? SCENE.stationPeriodS : d.reportPeriodS;
          this.gas.push({ projectId, sn: snOf(d.sn), gases: d.gases ?? ['CO'], periodTicks: ticksOf(periodS), phase });
        } else if (d.kind === 'beacon') {
          const lengthM = lengthOf.get(d.tunnelId ?? '') ?? 3_000;
          this.beacons.push({
            projectId,
            sn: snOf(d.sn),
            tunnelId: d.tunnelId ?? 'LK',
            lengthM,
            chainageM: this.rand() * lengthM * 0.7,
            speedMps: (this.rand() - 0.5) * 3,
            battery: 40 + this.rand() * 60,
            vitals: this.rand() < 0.5,
            phase,
          });
        } else if (d.kind === 'towerCrane') {
          this.cranes.push({ projectId, sn: snOf(d.sn), periodTicks: ticksOf(d.reportPeriodS), phase, angle: this.rand() * 360 });
        } else if (EQUIPMENT_KINDS.includes(d.kind)) {
          this.equipment.push({ projectId, sn: snOf(d.sn), kind: d.kind as EquipmentKind, periodTicks: ticksOf(d.reportPeriodS), phase });
        }
      }
      // The bridge's girder erector, gantry and yard crane ride along (the tunnel has the elevator and a gantry).
      for (const d of BRIDGE_DEVICES) {
        if (!EQUIPMENT_KINDS.includes(d.kind)) continue;
        this.equipment.push({ projectId, sn: snOf(d.sn), kind: d.kind as EquipmentKind, periodTicks: ticksOf(d.reportPeriodS), phase: Math.floor(this.rand() * 1000) });
      }
    }
  }

  /** Device messages per second this generator produces on average. */
  get messagesPerSecond(): number {
    const perS = (periodTicks: number) => 1000 / (periodTicks * GATEWAY_TICK_MS);
    return (
      this.gas.reduce((s, g) => s + perS(g.periodTicks), 0) +
      this.beacons.length * perS(ticksOf(1)) +
      this.cranes.reduce((s, c) => s + perS(c.periodTicks), 0) +
      this.equipment.reduce((s, e) => s + perS(e.periodTicks), 0)
    );
  }

  /** The batches of the next gateway tick, every item stamped `nowMs`. */
  tick(nowMs: number): TelemetryBatch[] {
    const k = this.tickNo++;
    const gas = new Map<string, Array<{ sn: string } & GasTelemetry>>();
    const beacon = new Map<string, Array<{ sn: string } & BeaconTelemetry>>();
    const crane = new Map<string, Array<{ sn: string } & TowerCraneTelemetry>>();
    const push = <T>(m: Map<string, T[]>, projectId: string, item: T) => {
      const list = m.get(projectId);
      if (list) list.push(item);
      else m.set(projectId, [item]);
    };
    for (const g of this.gas) {
      if ((k + g.phase) % g.periodTicks === 0) push(gas, g.projectId, { sn: g.sn, ...this.gasReading(g.gases, nowMs) });
    }
    const beaconTicks = ticksOf(1);
    for (const b of this.beacons) {
      if ((k + b.phase) % beaconTicks !== 0) continue;
      this.walk(b);
      const item: { sn: string } & BeaconTelemetry = {
        sn: b.sn,
        ts: nowMs,
        tunnelId: b.tunnelId,
        chainageM: round(b.chainageM, 2),
        battery: round(b.battery, 1),
        sos: this.rand() < 0.0001,
      };
      if (b.vitals) {
        item.heartRate = Math.round(70 + this.rand() * 30);
        item.spo2 = Math.round(95 + this.rand() * 4);
      }
      push(beacon, b.projectId, item);
    }
    for (const c of this.cranes) {
      if ((k + c.phase) % c.periodTicks !== 0) continue;
      c.angle = (c.angle + 5 + this.rand() * 10) % 360;
      push(crane, c.projectId, {
        sn: c.sn,
        ts: nowMs,
        radiusM: round(10 + this.rand() * 40, 2),
        rotationDeg: round(c.angle, 1),
        heightM: round(20 + this.rand() * 30, 2),
        momentPct: round(30 + this.rand() * 50, 1),
        loadT: round(this.rand() * 6, 2),
        tiltDeg: round(this.rand() * 0.1, 3),
        windSpeedMps: round(2 + this.rand() * 5, 1),
      });
    }
    const equipment = new Map<string, TelemetryBatch>();
    for (const e of this.equipment) {
      if ((k + e.phase) % e.periodTicks !== 0) continue;
      const key = `${e.projectId}/${e.kind}`;
      const batch = equipment.get(key) ?? ({ projectId: e.projectId, topic: e.kind, items: [] } as TelemetryBatch);
      equipment.set(key, batch);
      (batch.items as Array<{ sn: string }>).push({ sn: e.sn, ...this.equipmentReading(e.kind, nowMs) });
    }
    const out: TelemetryBatch[] = [];
    for (const [projectId, items] of gas) out.push({ projectId, topic: 'gas', items });
    for (const [projectId, items] of beacon) out.push({ projectId, topic: 'beacon', items });
    for (const [projectId, items] of crane) out.push({ projectId, topic: 'towerCrane', items });
    for (const batch of equipment.values()) out.push(batch);
    return out;
  }

  /**
   * The charted station's last `spanMs` of readings at its report period, ending before `nowMs`: what a
   * panel loads as history when it mounts. Both implementations receive it first, as one gas batch.
   */
  history(nowMs: number, spanMs: number = SCENE.chartSpanMs): TelemetryBatch {
    const station = this.gas.find((g) => g.sn === SCENE.stationSn);
    if (!station) throw new Error(`the fleet has no station ${SCENE.stationSn}`);
    const stepMs = station.periodTicks * GATEWAY_TICK_MS;
    const items: Array<{ sn: string } & GasTelemetry> = [];
    for (let t = nowMs - spanMs; t < nowMs; t += stepMs) items.push({ sn: station.sn, ...this.gasReading(station.gases, Math.round(t)) });
    return { projectId: station.projectId, topic: 'gas', items };
  }

  /** A plausible reading of an equipment kind (protocol/kinds ranges), working but under its limits. */
  private equipmentReading(kind: EquipmentKind, ts: number) {
    const r = this.rand;
    if (kind === 'constructionElevator') {
      const cage = (side: 'left' | 'right') => ({
        [`${side}LoadT`]: round(r() * 1.6, 2),
        [`${side}LoadPct`]: round(r() * 80, 1),
        [`${side}HeightM`]: round(r() * 90, 1),
        [`${side}Floor`]: Math.floor(r() * 30),
        [`${side}SpeedMps`]: round((r() - 0.5) * 1.2, 2),
        [`${side}DoorOpen`]: r() < 0.2,
        [`${side}Occupants`]: Math.floor(r() * 9),
        [`${side}LimitSwitch`]: false,
        [`${side}TiltDeg`]: round(r() * 0.1, 2),
        [`${side}DriverCard`]: null,
      });
      return { ts, ...cage('left'), ...cage('right'), windSpeedMps: round(2 + r() * 5, 1) } as ConstructionElevatorTelemetry;
    }
    if (kind === 'bridgeGirderErector') {
      return {
        ts,
        frontLoadT: round(r() * 400, 1),
        frontLoadPct: round(r() * 80, 1),
        rearLoadT: round(r() * 400, 1),
        rearLoadPct: round(r() * 80, 1),
        frontHookHeightM: round((r() - 0.5) * 20, 2),
        rearHookHeightM: round((r() - 0.5) * 20, 2),
        windSpeedMps: round(2 + r() * 5, 1),
        levelnessDeg: round(r() * 0.1, 2),
        travelPosM: round(r() * 300, 1),
      } satisfies BridgeGirderErectorTelemetry;
    }
    if (kind === 'gantryCrane') {
      return {
        ts,
        loadT: round(r() * 60, 2),
        loadPct: round(r() * 80, 1),
        hookHeightM: round(r() * 15, 1),
        trolleyPosM: round(r() * 36, 1),
        travelPosM: round(r() * 200, 1),
        windSpeedMps: round(2 + r() * 5, 1),
        railClamp: false,
      } satisfies GantryCraneTelemetry;
    }
    return {
      ts,
      craneType: 'crawler',
      loadT: round(r() * 100, 2),
      radiusM: round(10 + r() * 40, 1),
      boomAngleDeg: round(30 + r() * 50, 1),
      boomLengthM: round(40 + r() * 40, 1),
      momentPct: round(r() * 80, 1),
      outriggersSet: true,
      tiltDeg: round(r() * 0.1, 2),
      windSpeedMps: round(2 + r() * 5, 1),
    } satisfies YardCraneTelemetry;
  }

  private gasReading(gases: GasCode[], ts: number): GasTelemetry {
    const readings: GasTelemetry['readings'] = {};
    for (const code of gases) {
      const [level, noise] = GAS_NORMAL[code];
      readings[code] = round(Math.max(0, level + (this.rand() - 0.5) * 2 * noise), 3);
    }
    return { ts, readings };
  }

  private walk(b: Beacon): void {
    if (this.rand() < 0.05) b.speedMps = (this.rand() - 0.5) * 3;
    b.chainageM += b.speedMps;
    if (b.chainageM < 0 || b.chainageM > b.lengthM) {
      b.speedMps = -b.speedMps;
      b.chainageM = Math.min(b.lengthM, Math.max(0, b.chainageM));
    }
    b.battery = Math.max(0, b.battery - 0.0005);
  }
}
