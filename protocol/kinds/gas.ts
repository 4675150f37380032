import { z } from 'zod';
import { GAS_CODES, GAS_MAX, GAS_UNIT, type GasCode } from '../gases';
import type { Threshold } from '../thresholds';
import { DEFAULT_OFFLINE_PERIODS, highThreshold, tsMs, nestedMetrics, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';

const readingsShape = Object.fromEntries(
  GAS_CODES.map((g) => [g, z.number().finite().min(0).max(GAS_MAX[g]).optional()]),
) as Record<GasCode, z.ZodOptional<z.ZodNumber>>;

/** Gas station telemetry: any non-empty subset of gases, in the units of GAS_UNIT (docs/device-protocol.md). */
export const gasTelemetrySchema = z.object({
  ts: tsMs,
  readings: z
    .strictObject(readingsShape)
    .refine((r) => Object.values(r).some((v) => v !== undefined), 'readings must hold at least one gas'),
});
export type GasTelemetry = z.infer<typeof gasTelemetrySchema>;

/** English names of the gases (their codes are the metric keys). */
const GAS_NAME: Record<GasCode, string> = {
  CO: 'Carbon monoxide (CO)',
  H2S: 'Hydrogen sulphide (H₂S)',
  NH3: 'Ammonia (NH₃)',
  O2: 'Oxygen (O₂)',
  CH4: 'Methane (CH₄)',
  H2: 'Hydrogen (H₂)',
  CO2: 'Carbon dioxide (CO₂)',
  dust: 'Dust',
  NO2: 'Nitrogen dioxide (NO₂)',
  SO2: 'Sulphur dioxide (SO₂)',
  acrolein: 'Acrolein',
};

/** Decimals: ppm gases to 0.1 ppm, %vol to 0.01 %vol, mg/m³ to 0.01 (acrolein limits are 0.225/0.3: 0.001). */
const GAS_DIGITS: Record<GasCode, number> = { CO: 1, H2S: 1, NH3: 1, O2: 2, CH4: 2, H2: 2, CO2: 2, dust: 2, NO2: 1, SO2: 1, acrolein: 3 };

/**
 * Sensor fault "stuck value" windows in seconds (docs/domain.md "Sensor faults"), only for gases whose
 * clean-air reading lies several resolution steps above zero, so a healthy cell's noise moves the last digit
 * within seconds: O2 (20.9 %vol at 0.01; an hour, as O2 is the steadiest), CO, NH3 and dust (30 min). The
 * others read within a step or two of zero in clean air, where a healthy cell shows the same figure for
 * hours: a repeated value there says nothing, so they are not judged stuck.
 */
export const GAS_STUCK_AFTER_S: Partial<Record<GasCode, number>> = { O2: 3600, CO: 1800, NH3: 1800, dust: 1800 };

const GAS_METRICS: MetricDescriptor[] = GAS_CODES.map((g) => ({
  key: g,
  unit: GAS_UNIT[g],
  digits: GAS_DIGITS[g],
  range: { min: 0, max: GAS_MAX[g] },
  label: { id: `metric.gas.${g}`, message: GAS_NAME[g] },
  ...(GAS_STUCK_AFTER_S[g] !== undefined ? { stuckAfterS: GAS_STUCK_AFTER_S[g] } : {}),
}));

/** Hysteresis: alarms on high limits clear below 50 % of the crossed limit (T/CI 1069-2025). */
const CLEAR_RATIO = 0.5;

function high(gas: GasCode, warn: number, alarm: number, source: string): ThresholdDefault {
  return { threshold: highThreshold(gas, GAS_UNIT[gas], warn, alarm, CLEAR_RATIO), source };
}

/**
 * Gas limits for tunnel air: CO 17/24 ppm (coal-mine rule 0.0024 %, GBZ 2.1), H2S 5/6.6 ppm,
 * NH3 28/40 ppm, NO2 1.9/2.5 ppm, SO2 1.9/5 ppm, CO2 0.5/1.5 %vol, CH4 0.5/1.0 %vol (non-gassy tunnel),
 * H2 1.0/2.0 %vol (25/50 % LEL, GB/T 50493), acrolein 0.225/0.3 mg/m³ (GBZ 2), dust 3/4 mg/m³ (railway
 * tunnel code). O2: warning below 20.0 %vol, alarm below 19.5 (hypoxia) or above 23.5 (hyperoxia); a
 * low-O2 alarm clears once O2 is back at 20.0 %vol.
 */
export const GAS_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  high('CO', 17, 24, 'coal-mine rule 0.0024 %, GBZ 2.1'),
  high('H2S', 5, 6.6, 'coal-mine rule 0.00066 %'),
  high('NH3', 28, 40, 'coal-mine rule 0.004 %'),
  high('NO2', 1.9, 2.5, 'coal-mine rule'),
  high('SO2', 1.9, 5, 'coal-mine rule'),
  high('CO2', 0.5, 1.5, 'tunnel code (1.5 %vol: stop work, evacuate)'),
  high('CH4', 0.5, 1.0, 'tunnel gas rules, non-gassy tunnel (1.0 %vol: no blasting, cut face power)'),
  high('H2', 1.0, 2.0, 'GB/T 50493 flammable rule: 25 / 50 % LEL, LEL 4 %vol'),
  high('acrolein', 0.225, 0.3, 'GBZ 2 (0.3 mg/m³ ceiling)'),
  high('dust', 3, 4, 'railway tunnel code (silica < 10 %)'),
  {
    threshold: {
      metric: 'O2',
      unit: GAS_UNIT.O2,
      warnHigh: null,
      alarmHigh: 23.5,
      warnLow: 20.0,
      alarmLow: 19.5,
      clearRatio: 23.0 / 23.5, // hyperoxia clears back at 23.0 %vol: 50 % of a 23.5 limit would be hypoxic
      clearLow: 20.0,
    },
    source: 'tunnel and coal-mine codes: < 19.5 %vol hypoxia, > 23.5 %vol hyperoxia',
  },
];

/** The default threshold of each gas. */
export const DEFAULT_GAS_THRESHOLDS = Object.fromEntries(GAS_THRESHOLD_DEFAULTS.map((d) => [d.threshold.metric, d.threshold])) as Record<GasCode, Threshold>;

/** Tunnel air stations (docs/device-protocol.md "gas"). */
export const gasKind = {
  kind: 'gas',
  label: { id: 'kind.gas', message: 'Gas station' },
  channel: 'telemetry',
  schema: gasTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: GAS_METRICS,
  metricFields: nestedMetrics('readings'),
  position: null,
  offline: {
    raisesAlarm: true,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'a fixed station going quiet is a safety gap someone must look at',
  },
  statuses: [],
  event: null,
  thresholds: GAS_THRESHOLD_DEFAULTS,
  thresholdScope: 'measured',
  area: 'gasDetection',
} satisfies DeviceKindDescriptor<'gas', GasTelemetry>;
