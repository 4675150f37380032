import type { PersonRow } from '../../protocol';


/** The status flags of a person row in the order a safety officer reads them: SOS first, then online or offline, then low battery. */
export function statusFlags(r: Pick<PersonRow, 'sos' | 'online' | 'lowBattery'>): Array<'sos' | 'online' | 'offline' | 'lowBattery'> {
  const out: Array<'sos' | 'online' | 'offline' | 'lowBattery'> = [];
  if (r.sos) out.push('sos');
  out.push(r.online ? 'online' : 'offline');
  if (r.lowBattery) out.push('lowBattery');
  return out;
}
