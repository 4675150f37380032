import type { TunnelInfo, ZoneRow } from '../../../protocol';

/** One portal zone's counts today: entries into and exits from the tunnel through it since 00:00 Beijing time. */
export interface PortalCount {
  zoneId: string;
  name: string;
  /** Which end of the bore the portal zone lies at: `entry` in the bore's first half, `exit` past it. */
  end: 'entry' | 'exit';
  portalIn: number;
  portalOut: number;
}

/** A bore's portals and the people underground in it now (the headcount rule, src/panelData/underground.ts). */
export interface BorePortals {
  tunnelId: string;
  name: string;
  underground: number;
  /** Its portal zones, entry end first, then by chainage. */
  portals: PortalCount[];
}

/**
 * Groups the portal zones (`kind: 'portal'` of zone/list) by bore in the order of `tunnels`; bores
 * without a portal zone are left out (they count no crossings), zones of unknown bores too.
 * `underground`: people underground per tunnelId (absent: 0).
 */
export function borePortals(zones: readonly ZoneRow[], tunnels: readonly TunnelInfo[], underground: ReadonlyMap<string, number>): BorePortals[] {
  const out: BorePortals[] = [];
  for (const t of tunnels) {
    const mine = zones.filter((z) => z.kind === 'portal' && z.tunnelId === t.tunnelId).sort((a, b) => a.fromM - b.fromM);
    if (mine.length === 0) continue;
    out.push({
      tunnelId: t.tunnelId,
      name: t.name,
      underground: underground.get(t.tunnelId) ?? 0,
      portals: mine.map((z) => ({ zoneId: z.zoneId, name: z.name, end: (z.fromM + z.toM) / 2 <= t.lengthM / 2 ? 'entry' : 'exit', portalIn: z.portalIn, portalOut: z.portalOut })),
    });
  }
  return out;
}
