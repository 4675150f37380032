import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from '../../protocol';
import { SiteWind } from './crane';
import { BridgeGirderErectorModel, ConstructionElevatorModel, GantryCraneModel, YardCraneModel } from './equipment';
import { HOUR_MS } from './siteClock';

const DAY0 = Date.UTC(2026, 2, 9, 16, 0, 0); // 00:00 Beijing
const SEED = 7;

interface Model {
  step(t: number, dtS: number): void;
  sample(ts: number): object;
}

/** Steps `model` second by second over [fromH, toH) Beijing hours of DAY0 and samples it every `everyS`. */
function run(wind: SiteWind, model: Model, fromH: number, toH: number, everyS = 10): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let t = DAY0 + fromH * HOUR_MS, i = 0; t < DAY0 + toH * HOUR_MS; t += 1000, i++) {
    wind.step(t, 1);
    model.step(t, 1);
    if (i % everyS === 0) out.push(model.sample(t) as Record<string, unknown>);
  }
  return out;
}

const MODELS: Array<[string, (w: SiteWind) => Model]> = [
  ['gantryCrane', (w) => new GantryCraneModel('GC-01', w, SEED, DAY0)],
  ['bridgeGirderErector', (w) => new BridgeGirderErectorModel('BGE-01', w, SEED, DAY0)],
  ['yardCrane', (w) => new YardCraneModel('YC-01', 'crawler', w, SEED, DAY0)],
  ['constructionElevator', (w) => new ConstructionElevatorModel('EL-01', w, SEED, DAY0)],
];

describe.each(MODELS)('%s model', (kind, make) => {
  it('is deterministic from the seed and publishes only valid messages', () => {
    const a = run(new SiteWind(SEED), make(new SiteWind(SEED)), 8, 9);
    const wind = new SiteWind(SEED);
    const b = run(wind, make(wind), 8, 9);
    const wind2 = new SiteWind(SEED);
    const c = run(wind2, make(wind2), 8, 9);
    expect(c).toEqual(b);
    for (const m of [...a, ...b]) {
      const parsed = DEVICE_KIND_REGISTRY.parseMessage(kind as 'gantryCrane', JSON.stringify(m));
      expect('reason' in parsed ? parsed.detail : 'ok').toBe('ok');
    }
  }, 30_000);

  it('works during the day and idles at night', () => {
    const wind = new SiteWind(SEED);
    const model = make(wind);
    const load = (m: Record<string, unknown>) =>
      Object.entries(m)
        .filter(([k]) => /LoadT$|^loadT$/.test(k))
        .reduce((s, [, v]) => s + (v as number), 0);
    const night = run(wind, model, 1, 4);
    const day = run(wind, model, 8, 16);
    expect(night.every((m) => load(m) === 0)).toBe(true);
    expect(day.filter((m) => load(m) > 0).length).toBeGreaterThan(day.length * 0.02);
  }, 30_000);
});

describe('elevator cages', () => {
  it('stop at floors with the door open and a driver logged in', () => {
    const wind = new SiteWind(SEED);
    const day = run(wind, new ConstructionElevatorModel('EL-01', wind, SEED, DAY0), 8, 10, 1) as Array<Record<string, number | boolean | string | null>>;
    const stops = day.filter((m) => m.leftDoorOpen === true);
    expect(stops.length).toBeGreaterThan(0);
    expect(stops.filter((m) => !(m.leftSpeedMps === 0 && (m.leftHeightM as number) === (m.leftFloor as number) * 3)).slice(0, 3)).toEqual([]);
    expect(day.every((m) => typeof m.leftDriverCard === 'string')).toBe(true);
    const floors = new Set(day.map((m) => m.leftFloor));
    expect(floors.size).toBeGreaterThan(3);
  }, 30_000);
});
