import { FRESH_FIX_MS, PRESENCE_MS, type Alarm, type DeviceInfo, type TunnelInfo } from '../../protocol';

export { FRESH_FIX_MS, PRESENCE_MS };
import type { PersonnelFrame } from './types';
import { keepSosPeople, rememberSosFixes, type KeptSos, type SosFix } from './keepSos';

type TunnelFrame = PersonnelFrame['tunnels'][number];

/**
 * Who is underground: the one rule behind the headline's people per bore and the tunnel personnel map
 * (docs/product.md "Headline figures"), live and in replay alike. A person is underground in bore X
 * while their last fix in bore X is under {@link PRESENCE_MS} old; a tag silent for {@link FRESH_FIX_MS}
 * or more still counts there, drawn greyed at its last fix, unless that fix lay at a portal (within
 * {@link PORTAL_EXIT_M}: the wearer walked out and docked the tag); a person with an untreated SOS counts
 * where they were last seen until the alarm is handled (keepSos.ts), however long the tag is silent.
 */

/**
 * A silent tag whose last fix lies within this distance (m) of a portal left through it (*convention*,
 * docs/domain.md): at walking pace and 1 Hz fixes the last fix before a tag leaves coverage is a few
 * metres inside the portal; 10 m leaves room for the 1–5 m scatter of ZigBee / RSSI positioning.
 */
export const PORTAL_EXIT_M = 10;

/** The frame of the people underground, and what the map labels about them. */
export interface Underground {
  /**
   * The counted people per bore (`silent` set: 1 for a silent tag, `fixMs` aligned with `sns`); people in
   * SOS carry their flag, those put back from memory included.
   */
  frame: PersonnelFrame;
  /** People in SOS put back at a remembered place (no fix in the frame), for their "last fix" label. */
  kept: KeptSos[];
  /** Last-fix time (ms) of every counted person drawn greyed (`silent`), by beacon sn. */
  silentSince: Map<string, number>;
  /** People underground per tunnelId (every bore of the frame, 0 when empty). */
  counts: Map<string, number>;
}

/**
 * Applies the headcount rule to `raw`, a source's personnel frame asked with staleMs ≥ PRESENCE_MS (so
 * silent tags are in it, with `fixMs`). `memory` keeps the last fix of each person in SOS across frames
 * (updated here; bounded by the untreated SOS alarms). `tunnels` gives the bores' lengths and portals.
 * Pure apart from `memory`; the input frame is not changed.
 * @param greyAfterMs the map greys (frame `silent`) a counted tag with no fix for this long (ms); the
 * count never depends on it.
 */
export function underground(
  raw: PersonnelFrame,
  sos: ReadonlyMap<string, Alarm>,
  memory: Map<string, SosFix>,
  deviceOf: (sn: string) => DeviceInfo | undefined,
  tunnels: readonly TunnelInfo[],
  greyAfterMs: number = FRESH_FIX_MS,
): Underground {
  rememberSosFixes(memory, raw, sos);
  const lastFix = new Map<string, number>();
  const present = { ...raw, tunnels: raw.tunnels.map((t) => presentOnly(t, raw.atMs, sos, tunnels.find((x) => x.tunnelId === t.tunnelId), lastFix)) };
  const { frame, kept } = keepSosPeople(present, sos, memory, deviceOf);
  for (const k of kept) lastFix.set(k.sn, k.fixMs);
  const silentSince = new Map<string, number>();
  const counts = new Map<string, number>();
  const out = {
    ...frame,
    tunnels: frame.tunnels.map((t) => {
      counts.set(t.tunnelId, t.sns.length);
      const fixMs = Float64Array.from(t.sns, (sn) => lastFix.get(sn) ?? raw.atMs);
      const silent = Uint8Array.from(fixMs, (ms) => (raw.atMs - ms >= greyAfterMs ? 1 : 0));
      t.sns.forEach((sn, i) => silent[i] && silentSince.set(sn, fixMs[i]));
      return { ...t, fixMs, silent };
    }),
  };
  return { frame: out, kept, silentSince, counts };
}

/** Whether a fix at `chainageM` lies at a portal of `tunnel`: its entry, and its exit when a heading works from there. */
export function atPortal(chainageM: number, tunnel: TunnelInfo | undefined): boolean {
  if (chainageM <= PORTAL_EXIT_M) return true;
  return !!tunnel && tunnel.headings.some((h) => h.portal === 'exit') && chainageM >= tunnel.lengthM - PORTAL_EXIT_M;
}

/**
 * One bore's people who count (see {@link underground}); records each one's last fix in `lastFix`. A
 * silent tag's SOS flag (its last message's) stands only while its SOS alarm is untreated: once handled,
 * the officer has dealt with it, and a silent tag cannot say the button is still held.
 */
function presentOnly(t: TunnelFrame, atMs: number, sos: ReadonlyMap<string, Alarm>, tunnel: TunnelInfo | undefined, lastFix: Map<string, number>): TunnelFrame {
  const keep: number[] = [];
  let cleared = false;
  const flags = t.sns.map((sn, i) => {
    const fixMs = t.fixMs?.[i] ?? atMs;
    const age = atMs - fixMs;
    const silent = age >= FRESH_FIX_MS;
    if (!sos.has(sn) && (age >= PRESENCE_MS || (silent && atPortal(t.chainageM[i], tunnel)))) return 0;
    keep.push(i);
    lastFix.set(sn, fixMs);
    if (silent && t.sos[i] && !sos.has(sn)) cleared = true;
    return silent && !sos.has(sn) ? 0 : t.sos[i];
  });
  if (keep.length === t.sns.length && !cleared) return t;
  const out: TunnelFrame = {
    ...t,
    sns: keep.map((i) => t.sns[i]),
    chainageM: Float64Array.from(keep, (i) => t.chainageM[i]),
    sos: Uint8Array.from(keep, (i) => flags[i]),
  };
  if (t.fixMs) out.fixMs = Float64Array.from(keep, (i) => t.fixMs![i]);
  if (t.trails) {
    const { starts, chainageM } = t.trails;
    const newStarts = new Uint32Array(keep.length + 1);
    keep.forEach((i, k) => (newStarts[k + 1] = newStarts[k] + starts[i + 1] - starts[i]));
    const points = new Float64Array(newStarts[keep.length]);
    keep.forEach((i, k) => points.set(chainageM.subarray(starts[i], starts[i + 1]), newStarts[k]));
    out.trails = { starts: newStarts, chainageM: points };
  }
  return out;
}
