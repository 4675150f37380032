import { NOMINAL_ADVANCE_M } from '../../protocol';
import type { ProgressWrite } from '../storage';
import type { DemoTunnel } from './demoProject';

/** Days of progress record the demo starts with (this month's figures have something to count). */
export const DEMO_PROGRESS_DAYS = 40;
/** Rounds a demo heading fires per day: its daily advance is this many nominal rounds of the face's grade (docs/domain.md "Drill-and-blast cycle"). */
const ROUNDS_PER_DAY = 2;

/**
 * A progress record for the demo's headings: one state a day for the last {@link DEMO_PROGRESS_DAYS} days at
 * the seed's hour, face, invert and lining moving together at the daily advance of the face's grade, ending
 * with the seeded positions at `nowMs` (source `seed`).
 */
export function demoProgressHistory(projectId: string, tunnels: readonly DemoTunnel[], nowMs: number): ProgressWrite[] {
  const out: ProgressWrite[] = [];
  for (const t of tunnels) {
    for (const h of t.headings) {
      const back = (h.portal === 'entry' ? -1 : 1) * ROUNDS_PER_DAY * NOMINAL_ADVANCE_M[h.rockGrade ?? 'unset'];
      for (let d = DEMO_PROGRESS_DAYS; d >= 0; d--) {
        const shift = Math.round(back * d * 10) / 10;
        out.push({ projectId, tunnelId: t.tunnelId, headingId: h.headingId, atMs: nowMs - d * 86_400_000, source: 'seed', by: 'seed', faceM: h.faceM + shift, invertM: h.invertM + shift, liningM: h.liningM + shift, waterproofM: h.waterproofM ?? null });
      }
    }
  }
  return out;
}
