import { DATA_FLAGS, type DataFlag, type Hj212Factor } from '../../protocol';
import { parseDataTime, type Hj212Packet } from './codec';

/**
 * Data commands of HJ 212-2017 (§7, table 9) and the value suffix each carries: real-time data (2011,
 * `-Rtd`), minute (2051), hour (2061) and day (2031) data (`-Avg`, with `-Min`/`-Max` not kept).
 */
export const DATA_COMMANDS: Readonly<Record<string, { suffix: string; readings: boolean }>> = {
  '2011': { suffix: 'Rtd', readings: true },
  '2051': { suffix: 'Avg', readings: true },
  // hour and day averages are answered but not stored as readings: the rollups of the minute data hold them
  '2061': { suffix: 'Avg', readings: false },
  '2031': { suffix: 'Avg', readings: false },
};

/** The readings of one data packet: `ts` (DataTime, ms since epoch), values by metric, flags by metric. */
export interface PacketReadings {
  ts: number;
  values: Record<string, number>;
  flags: Record<string, DataFlag>;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The readings of a data packet for a kind's factor map (descriptor `hj212.factors`): each factor's value
 * (`{code}-{suffix}`) times its scale, and its `{code}-Flag` (N when absent). Codes the kind does not map
 * are ignored (a vendor's extra factors).
 * @returns the readings, or `{ error }`: no valid DataTime, a malformed value or flag, no mapped factor
 */
export function packetReadings(packet: Hj212Packet, suffix: string, factors: readonly Hj212Factor[]): PacketReadings | { error: string } {
  let ts: number | null = null;
  const values: Record<string, number> = {};
  const flags: Record<string, DataFlag> = {};
  const items: Record<string, string> = Object.assign({}, ...packet.cp);
  if (items.DataTime === undefined) return { error: 'no DataTime' };
  ts = parseDataTime(items.DataTime);
  if (ts === null) return { error: `malformed DataTime "${items.DataTime.slice(0, 20)}"` };
  for (const f of factors) {
    const raw = items[`${f.code}-${suffix}`];
    if (raw === undefined) continue;
    if (!NUMBER.test(raw)) return { error: `malformed ${f.code}-${suffix} "${raw.slice(0, 20)}"` };
    const flag = items[`${f.code}-Flag`] ?? 'N';
    if (!(DATA_FLAGS as readonly string[]).includes(flag)) return { error: `unknown ${f.code}-Flag "${flag.slice(0, 4)}"` };
    // scaled and rounded to 6 significant digits, so 0.035 mg/m³ reads 35 µg/m³, not 35.00000000000001
    values[f.metric] = Number((Number(raw) * f.scale).toPrecision(6));
    flags[f.metric] = flag as DataFlag;
  }
  if (Object.keys(values).length === 0) return { error: `no known factor with -${suffix}` };
  return { ts, values, flags };
}
