import type { Alarm, DeviceInfo } from '../../protocol';
import type { PersonnelFrame } from './types';

type PersonnelTunnelFrame = PersonnelFrame['tunnels'][number];

/**
 * A person in SOS never disappears from the tunnel map (docs/product.md "Alarm display"): until their
 * SOS alarm is handled (dealStatus 1 or 2) they stay marked in SOS at their last known place, whether the
 * tag still reports (button released) or went silent (then with the time of that last fix).
 */

/** Where a person in SOS was last seen on the map. */
export interface SosFix {
  tunnelId: string;
  /** Metres from the bore's entry portal. */
  chainageM: number;
  /** When that fix was on the map (ms since epoch). */
  fixMs: number;
}

/** A person the map keeps in SOS without a current fix: their last place and its time. */
export interface KeptSos extends SosFix {
  sn: string;
}

/** Beacons whose SOS alarm is untreated (any state: an SOS never clears by itself), with the alarm. */
export function untreatedSos(alarms: readonly Alarm[]): Map<string, Alarm> {
  const out = new Map<string, Alarm>();
  for (const a of alarms) if (a.kind === 'sos' && a.dealStatus === 0 && !out.has(a.deviceSn)) out.set(a.deviceSn, a);
  return out;
}

/**
 * Remembers the last fix of each person in SOS from a frame, and forgets people whose SOS was handled,
 * so `memory` never holds more than the untreated SOS alarms.
 */
export function rememberSosFixes(memory: Map<string, SosFix>, frame: PersonnelFrame, sos: ReadonlyMap<string, Alarm>): void {
  for (const sn of memory.keys()) if (!sos.has(sn)) memory.delete(sn);
  if (sos.size === 0) return;
  for (const t of frame.tunnels) {
    t.sns.forEach((sn, i) => {
      if (sos.has(sn)) memory.set(sn, { tunnelId: t.tunnelId, chainageM: t.chainageM[i], fixMs: frame.atMs });
    });
  }
}

/**
 * `frame` with every person of `sos` marked: one in the frame gets its SOS flag (button released), one
 * missing is put back at the remembered fix, else at the device's last known chainage (the device list),
 * with the time of that fix (the remembered one, or the SOS alarm's last press when later). Returns the
 * frame itself when nothing changed, and the people put back (for their "last fix" label).
 */
export function keepSosPeople(
  frame: PersonnelFrame,
  sos: ReadonlyMap<string, Alarm>,
  memory: ReadonlyMap<string, SosFix>,
  deviceOf: (sn: string) => DeviceInfo | undefined,
): { frame: PersonnelFrame; kept: KeptSos[] } {
  if (sos.size === 0) return { frame, kept: [] };
  const present = new Map<string, { t: number; i: number }>();
  frame.tunnels.forEach((t, ti) => t.sns.forEach((sn, i) => sos.has(sn) && present.set(sn, { t: ti, i })));
  const kept: KeptSos[] = [];
  const flip: Array<{ t: number; i: number }> = [];
  for (const [sn, alarm] of sos) {
    const at = present.get(sn);
    if (at) {
      if (!frame.tunnels[at.t].sos[at.i]) flip.push(at);
      continue;
    }
    const fix = memory.get(sn) ?? fromDevice(deviceOf(sn), alarm);
    if (!fix || !frame.tunnels.some((t) => t.tunnelId === fix.tunnelId)) continue;
    const pressMs = alarm.lastSeenMs ?? alarm.raisedAtMs;
    kept.push({ sn, ...fix, fixMs: Math.max(fix.fixMs, memory.has(sn) ? 0 : pressMs) });
  }
  if (flip.length === 0 && kept.length === 0) return { frame, kept };
  const tunnels = frame.tunnels.map((t, ti) => {
    const mine = flip.filter((f) => f.t === ti);
    const add = kept.filter((k) => k.tunnelId === t.tunnelId);
    if (mine.length === 0 && add.length === 0) return t;
    const flagged = Uint8Array.from(t.sos);
    for (const f of mine) flagged[f.i] = 1;
    return add.length ? insertPeople({ ...t, sos: flagged }, add) : { ...t, sos: flagged };
  });
  return { frame: { ...frame, tunnels }, kept };
}

/** The device list's last known place of a beacon (its latest chainage), at the time of its SOS alarm. */
function fromDevice(d: DeviceInfo | undefined, alarm: Alarm): SosFix | null {
  const m = d?.latest?.chainageM;
  if (!d?.tunnelId || typeof m !== 'number' || !Number.isFinite(m)) return null;
  return { tunnelId: d.tunnelId, chainageM: m, fixMs: alarm.lastSeenMs ?? alarm.raisedAtMs };
}

/** A bore frame with people added in SOS, keeping the chainage order (and empty trails in replay). */
function insertPeople(t: PersonnelTunnelFrame, add: readonly KeptSos[]): PersonnelTunnelFrame {
  const rows = t.sns.map((sn, i) => ({ sn, chainageM: t.chainageM[i], sos: t.sos[i], from: i }));
  for (const k of add) rows.push({ sn: k.sn, chainageM: k.chainageM, sos: 1, from: -1 });
  rows.sort((a, b) => a.chainageM - b.chainageM || (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
  const out: PersonnelTunnelFrame = {
    ...t,
    sns: rows.map((r) => r.sn),
    chainageM: Float64Array.from(rows, (r) => r.chainageM),
    sos: Uint8Array.from(rows, (r) => r.sos),
  };
  if (t.trails) {
    // a person put back has no trail: an empty span in the starts index
    const starts = new Uint32Array(rows.length + 1);
    let at = 0;
    rows.forEach((r, i) => {
      starts[i] = at;
      if (r.from >= 0) at += t.trails!.starts[r.from + 1] - t.trails!.starts[r.from];
    });
    starts[rows.length] = at;
    const chainageM = new Float64Array(at);
    rows.forEach((r, i) => {
      if (r.from >= 0) chainageM.set(t.trails!.chainageM.subarray(t.trails!.starts[r.from], t.trails!.starts[r.from + 1]), starts[i]);
    });
    out.trails = { starts, chainageM };
  }
  return out;
}
