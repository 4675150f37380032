import { BLAST_CLEAR_M, FACE_WORK_M } from './inference';

/**
 * Where people are along the bores, from their beacons' latest fixes, to count who stands near a face
 * (inference.ts `atFace`, `nearFace`). Bounded: one entry per beacon, and fixes older than PRESENCE_MS no
 * longer count (and are dropped by `prune`).
 */

/** A fix counts this long, ms (tags report at 1 Hz; a minute covers lost fixes, docs/domain.md "Personnel positioning"). */
export const PRESENCE_MS = 60_000;

interface Fix {
  tunnelId: string;
  chainageM: number;
  tMs: number;
}

/** Latest fix of every beacon. */
export class FaceCrowd {
  private readonly fixes = new Map<string, Fix>();

  /** Records a beacon's fix (bore, metres from the entry portal, time). */
  fix(sn: string, tunnelId: string, chainageM: number, tMs: number): void {
    const f = this.fixes.get(sn);
    if (f) {
      f.tunnelId = tunnelId;
      f.chainageM = chainageM;
      f.tMs = tMs;
    } else this.fixes.set(sn, { tunnelId, chainageM, tMs });
  }

  /** People within FACE_WORK_M (`atFace`) and within BLAST_CLEAR_M (`nearFace`) of a face at `tMs`. */
  around(tunnelId: string, faceM: number, tMs: number): { atFace: number; nearFace: number } {
    let atFace = 0;
    let nearFace = 0;
    for (const f of this.fixes.values()) {
      if (f.tunnelId !== tunnelId || tMs - f.tMs > PRESENCE_MS || f.tMs - tMs > PRESENCE_MS) continue;
      const d = Math.abs(f.chainageM - faceM);
      if (d <= BLAST_CLEAR_M) nearFace++;
      if (d <= FACE_WORK_M) atFace++;
    }
    return { atFace, nearFace };
  }

  /** Drops fixes older than PRESENCE_MS at `tMs`. */
  prune(tMs: number): void {
    for (const [sn, f] of this.fixes) if (tMs - f.tMs > PRESENCE_MS) this.fixes.delete(sn);
  }
}
