import { GAS_CODES, GAS_UNIT, type GasCode, type Threshold } from '../../../protocol';
import type { ScreenMode } from '../../components';

/** Series colour per gas on the dark board: distinct on navy, never the status red/amber of the limit lines. */
export const GAS_COLOR: Record<GasCode, string> = {
  CO: '#38bdf8',
  H2S: '#a78bfa',
  NH3: '#f472b6',
  O2: '#34d399',
  CH4: '#fde047',
  H2: '#fb923c',
  CO2: '#e2e8f0',
  dust: '#c4b5a0',
  NO2: '#f87171',
  SO2: '#818cf8',
  acrolein: '#2dd4bf',
};

/**
 * The same hues, darkened for the light board's white panels (the dark set's pale CO2, CH4 and dust
 * lines nearly vanish on white): each at least 3:1 against #ffffff, as WCAG asks of graphics.
 */
export const GAS_COLOR_LIGHT: Record<GasCode, string> = {
  CO: '#0284c7',
  H2S: '#7c3aed',
  NH3: '#db2777',
  O2: '#059669',
  CH4: '#a16207',
  H2: '#c2410c',
  CO2: '#475569',
  dust: '#7c6a52',
  NO2: '#dc2626',
  SO2: '#4f46e5',
  acrolein: '#0d9488',
};

/** The series colours of a board mode. */
export function gasColors(mode: ScreenMode): Record<GasCode, string> {
  return mode === 'light' ? GAS_COLOR_LIGHT : GAS_COLOR;
}

/** Preference order when a station measures more gases than a chart should show. */
const DEFAULT_ORDER: GasCode[] = ['CO', 'O2', 'CH4', 'NO2', 'H2S', 'dust', 'CO2', 'H2', 'NH3', 'SO2', 'acrolein'];

/** Most gases drawn when the config names none: more lines than this stop being legible at a distance. */
export const MAX_DEFAULT_GASES = 4;

/**
 * Gases a chart draws: the configured ones, else the station's own (from its thresholds and latest
 * readings) in DEFAULT_ORDER, at most MAX_DEFAULT_GASES.
 */
export function chartGases(configured: readonly GasCode[] | undefined, thresholds: Threshold[], latest: Record<string, number> | null): GasCode[] {
  if (configured?.length) return [...configured];
  const has = new Set<string>([...thresholds.map((t) => t.metric), ...Object.keys(latest ?? {})]);
  const own = DEFAULT_ORDER.filter((g) => has.has(g));
  return (own.length ? own : DEFAULT_ORDER).slice(0, MAX_DEFAULT_GASES);
}

/**
 * The y scale a gas is drawn on. Gases share a scale per unit (ppm, %vol, mg/m³) so one axis reads true
 * for all of them; O2 gets its own: at ~20.9 %vol it would flatten CH4 and CO2 (hundredths of a %vol)
 * into the floor of a shared %vol axis.
 */
export function scaleKeyOf(gas: GasCode): string {
  return gas === 'O2' ? 'O2' : GAS_UNIT[gas];
}

/** Axis label of a scale key. */
export function scaleLabel(key: string): string {
  return key === 'O2' ? 'O2 %vol' : key;
}

/** Distinct scale keys of `gases`, in first-use order. */
export function scaleKeys(gases: readonly GasCode[]): string[] {
  return [...new Set(gases.map(scaleKeyOf))];
}

/** A dashed limit line: `value` in the unit of `scale`. */
export interface LimitLine {
  gas: GasCode;
  scale: string;
  value: number;
  level: 'warning' | 'alarm';
}

/** Warning and alarm lines of the drawn gases, from the device's thresholds (high and low limits). */
export function limitLines(gases: readonly GasCode[], thresholds: readonly Threshold[]): LimitLine[] {
  const out: LimitLine[] = [];
  for (const gas of gases) {
    const t = thresholds.find((x) => x.metric === gas);
    if (!t) continue;
    const scale = scaleKeyOf(gas);
    for (const [value, level] of [
      [t.warnHigh, 'warning'],
      [t.alarmHigh, 'alarm'],
      [t.warnLow, 'warning'],
      [t.alarmLow, 'alarm'],
    ] as const) {
      if (value !== null) out.push({ gas, scale, value, level });
    }
  }
  return out;
}

/**
 * y range of a scale: the data, widened so the nearest warning line of the scale is always in view (a
 * chart of calm air still shows how far the limit is), with 10 % headroom. Low-side scales (O2) keep
 * the low warning limit in view instead.
 */
export function scaleRange(key: string, dataMin: number | null, dataMax: number | null, lines: readonly LimitLine[]): [number, number] {
  const mine = lines.filter((l) => l.scale === key);
  const hasData = dataMin !== null && dataMax !== null && Number.isFinite(dataMin) && Number.isFinite(dataMax);
  if (key === 'O2') {
    const lows = mine.filter((l) => l.value < 20.9).map((l) => l.value);
    const lo = Math.min(hasData ? dataMin! : 20.9, ...(lows.length ? [Math.max(...lows)] : [20]));
    const hi = Math.max(hasData ? dataMax! : 20.9, 21.5);
    const pad = (hi - lo) * 0.1 || 0.5;
    return [lo - pad, hi + pad];
  }
  const warns = mine.filter((l) => l.level === 'warning').map((l) => l.value);
  const nearestWarn = warns.length ? Math.min(...warns) : 0;
  const hi = Math.max(hasData ? dataMax! : 0, nearestWarn);
  const lo = Math.min(0, hasData ? dataMin! : 0);
  return [lo, hi > lo ? hi * 1.1 : lo + 1];
}

/** True for a known gas code (configs and thresholds may carry other metrics). */
export function isGasCode(v: string): v is GasCode {
  return (GAS_CODES as readonly string[]).includes(v);
}

/**
 * The limit lines one small chart of `gas` draws: at most two (issue "legible from across the room"), the
 * warning and alarm lines of one side. A gas with low limits (O2: hypoxia at 19.5 %vol) shows its low side,
 * the one that endangers people first; any other shows its high side.
 */
export function chartLimitLines(gas: GasCode, lines: readonly LimitLine[]): LimitLine[] {
  const mine = lines.filter((l) => l.gas === gas);
  const low = gas === 'O2' ? mine.filter((l) => l.value < 20.9) : [];
  const side = low.length > 0 ? low : mine.filter((l) => gas !== 'O2' || l.value >= 20.9);
  const pick = (level: LimitLine['level']) => side.filter((l) => l.level === level).sort((a, b) => (low.length ? b.value - a.value : a.value - b.value))[0];
  return [pick('warning'), pick('alarm')].filter((l): l is LimitLine => l !== undefined);
}
