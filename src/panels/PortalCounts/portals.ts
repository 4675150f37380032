import type { PortalCrossing, PortalZoneCounts, TunnelInfo } from '../../../protocol';

/** One portal zone's counts from 00:00 Beijing time to the board's instant, and its latest crossings. */
export interface PortalCount {
  zoneId: string;
  name: string;
  /** Which end of the bore the portal zone lies at: `entry` in the bore's first half, `exit` past it. */
  end: 'entry' | 'exit';
  portalIn: number;
  portalOut: number;
  /** Newest first. */
  crossings: PortalCrossing[];
}

/** A bore's portals and the people underground in it (the headcount rule, src/panelData/underground.ts). */
export interface BorePortals {
  tunnelId: string;
  name: string;
  underground: number;
  /** Its portal zones, entry end first, then by chainage. */
  portals: PortalCount[];
}

/**
 * Groups the portal zones (zone/portalCounts) by bore in the order of `tunnels`; bores without a portal zone
 * are left out (they count no crossings), zones of unknown bores too. `underground`: people underground per
 * tunnelId (absent: 0).
 */
export function borePortals(zones: readonly PortalZoneCounts[], tunnels: readonly TunnelInfo[], underground: ReadonlyMap<string, number>): BorePortals[] {
  const out: BorePortals[] = [];
  for (const t of tunnels) {
    const mine = zones.filter((z) => z.tunnelId === t.tunnelId).sort((a, b) => a.fromM - b.fromM);
    if (mine.length === 0) continue;
    out.push({
      tunnelId: t.tunnelId,
      name: t.name,
      underground: underground.get(t.tunnelId) ?? 0,
      portals: mine.map((z) => ({
        zoneId: z.zoneId, name: z.name, end: (z.fromM + z.toM) / 2 <= t.lengthM / 2 ? 'entry' : 'exit', portalIn: z.portalIn, portalOut: z.portalOut, crossings: z.crossings,
      })),
    });
  }
  return out;
}

/** Line height of a crossing line, in font sizes. */
export const CROSSING_LINE_EM = 1.3;

/**
 * How many crossing lines each portal shows: as many as configured (`wanted`) that fit whole in what a bore's
 * row leaves below its figures. `rowPx`: the height each bore gets; `headPx`: its label and figures lines.
 */
export function crossingLinesThatFit(wanted: number, rowPx: number, headPx: number, fontPx: number): number {
  return Math.max(0, Math.min(wanted, Math.floor((rowPx - headPx) / (fontPx * CROSSING_LINE_EM))));
}
