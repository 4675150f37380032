import type { Threshold } from '../../protocol';
import type { GasCode } from '../../protocol';
import { GAS_UNIT } from '../../protocol';

/**
 * Seeded default thresholds (DOMAIN.md). These are data: stored per device at seed time and editable
 * afterwards; nothing in the rules engine hard-codes a limit.
 *
 * Hysteresis: alarms on high limits clear below 50 % of the crossed limit (T/CI 1069-2025).
 */
const CLEAR_RATIO = 0.5;

function high(metric: string, unit: string, warn: number, alarm: number, clearRatio = CLEAR_RATIO): Threshold {
  return { metric, unit, warnHigh: warn, alarmHigh: alarm, warnLow: null, alarmLow: null, clearRatio, clearLow: null };
}

/**
 * Gas limits per DOMAIN.md "Tunnel air": CO 17/24 ppm (coal-mine rule 0.0024 %, GBZ 2.1), H2S 5/6.6 ppm,
 * NH3 28/40 ppm, NO2 1.9/2.5 ppm, SO2 1.9/5 ppm, CO2 0.5/1.5 %vol, CH4 0.5/1.0 %vol (non-gassy tunnel),
 * H2 1.0/2.0 %vol (25/50 % LEL, GB/T 50493), acrolein 0.225/0.3 mg/m³ (GBZ 2), dust 3/4 mg/m³ (railway
 * tunnel code). O2: warning below 20.0 %vol, alarm below 19.5 (hypoxia) or above 23.5 (hyperoxia); a
 * low-O2 alarm clears once O2 is back at 20.0 %vol.
 */
export const DEFAULT_GAS_THRESHOLDS: Record<GasCode, Threshold> = {
  CO: high('CO', GAS_UNIT.CO, 17, 24),
  H2S: high('H2S', GAS_UNIT.H2S, 5, 6.6),
  NH3: high('NH3', GAS_UNIT.NH3, 28, 40),
  NO2: high('NO2', GAS_UNIT.NO2, 1.9, 2.5),
  SO2: high('SO2', GAS_UNIT.SO2, 1.9, 5),
  CO2: high('CO2', GAS_UNIT.CO2, 0.5, 1.5),
  CH4: high('CH4', GAS_UNIT.CH4, 0.5, 1.0),
  H2: high('H2', GAS_UNIT.H2, 1.0, 2.0),
  acrolein: high('acrolein', GAS_UNIT.acrolein, 0.225, 0.3),
  dust: high('dust', GAS_UNIT.dust, 3, 4),
  O2: {
    metric: 'O2',
    unit: GAS_UNIT.O2,
    warnHigh: null,
    alarmHigh: 23.5,
    warnLow: 20.0,
    alarmLow: 19.5,
    clearRatio: 23.0 / 23.5, // hyperoxia clears back at 23.0 %vol: 50 % of a 23.5 limit would be hypoxic
    clearLow: 20.0,
  },
};

/**
 * Tower crane limits: moment and load ≥ 90 % warning, ≥ 100 % alarm (JGJ 332-2014, vendor practice);
 * wind ≥ 10.8 m/s warning (Beaufort 6), ≥ 13.8 m/s alarm (stop lifting); tilt ≥ 0.17° warning,
 * ≥ 0.23° alarm (convention from GB 5144, 4/1000 verticality). Crane alarms clear at 90 % of the limit:
 * a lift that ends drops the moment to near zero at once, so 50 % hysteresis is not needed to stop flapping.
 */
export const DEFAULT_TOWER_CRANE_THRESHOLDS: Threshold[] = [
  high('momentPct', '%', 90, 100, 0.9),
  high('windSpeedMps', 'm/s', 10.8, 13.8, 0.9),
  high('tiltDeg', '°', 0.17, 0.23, 0.9),
];

/** Beacon vitals (convention, DOMAIN.md; configurable): heart rate alarm < 50 or > 120 bpm, SpO2 < 90 %, body temp ≥ 37.3 ℃, battery low ≤ 20 / ≤ 10 %. */
export const DEFAULT_BEACON_THRESHOLDS: Threshold[] = [
  // 60–100 bpm is normal and a worker carrying steel easily reaches 100: warn from 110, between normal and alarm.
  { metric: 'heartRate', unit: 'bpm', warnHigh: 110, alarmHigh: 120, warnLow: 55, alarmLow: 50, clearRatio: 0.9, clearLow: 60 },
  { metric: 'spo2', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 94, alarmLow: 90, clearRatio: 1, clearLow: 95 },
  high('bodyTempC', '℃', 37.0, 37.3, 0.99),
  { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 30 },
];

/** Default thresholds for a device of `kind`, for the gases it measures. */
export function defaultThresholdsFor(kind: string, gases: readonly GasCode[] = []): Threshold[] {
  switch (kind) {
    case 'gas':
      return gases.map((g) => DEFAULT_GAS_THRESHOLDS[g]);
    case 'towerCrane':
      return DEFAULT_TOWER_CRANE_THRESHOLDS;
    case 'beacon':
      return DEFAULT_BEACON_THRESHOLDS;
    default:
      return [];
  }
}
