import type { PersonRow } from '../../protocol';

/** Beijing time is UTC+8 all year (SPEC §5: dates are shown in Beijing time). */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 00:00 Beijing time of the day holding `nowMs` (ms since epoch): "today" of a person's track. */
export function startOfBeijingDayMs(nowMs: number): number {
  return Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/** The status flags of a person row in the order a safety officer reads them: SOS first, then online or offline, then low battery. */
export function statusFlags(r: Pick<PersonRow, 'sos' | 'online' | 'lowBattery'>): Array<'sos' | 'online' | 'offline' | 'lowBattery'> {
  const out: Array<'sos' | 'online' | 'offline' | 'lowBattery'> = [];
  if (r.sos) out.push('sos');
  out.push(r.online ? 'online' : 'offline');
  if (r.lowBattery) out.push('lowBattery');
  return out;
}
