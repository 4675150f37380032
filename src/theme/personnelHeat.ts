/**
 * The personnel heat map's colours (people per bin along a bore), one table for every view that draws it:
 * the personnel strip and the tunnel plan, and their legends.
 */

/** Colour of a heat bin holding `count` people: transparent when empty, then blue → amber → red. */
export function heatColor(count: number): string | null {
  if (count <= 0) return null;
  if (count <= 2) return 'rgba(56, 189, 248, 0.55)';
  if (count <= 5) return 'rgba(34, 197, 94, 0.75)';
  if (count <= 10) return 'rgba(250, 173, 20, 0.85)';
  return 'rgba(255, 77, 79, 0.95)';
}

/** Heat-map classes (people per bin) with a count of each, as heatColor colours them: for legends. */
export const HEAT_CLASSES = [
  { label: '1–2', count: 1 },
  { label: '3–5', count: 3 },
  { label: '6–10', count: 6 },
  { label: '>10', count: 11 },
] as const;
