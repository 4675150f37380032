import { z } from 'zod';
import { rockGradeSchema, type Heading, type RockGrade, type RockSegment, type TunnelInfo } from './api';
import { BEIJING_OFFSET_MS } from './beijingTime';
import { beijingDayStart } from './equipment';

/**
 * Tunnel progress (docs/domain.md "Tunnel progress"): where each heading's face, invert, second lining and
 * waterproofing stand, the surrounding-rock grade of each stretch of a bore, and the figures and step-distance
 * limits derived from them. Positions are metres from the bore's entry portal, as in {@link Heading}.
 */

/** Longest bore the API accepts, metres (a 100 km bore is longer than any built). */
export const MAX_BORE_M = 100_000;
/** Most rock-grade segments per bore (a design lists a few dozen). */
export const MAX_ROCK_SEGMENTS = 500;

const positionM = z.number().finite().min(0).max(MAX_BORE_M);


/** Where a progress position came from: a person's report, a process device over MQTT, a closed drill-and-blast cycle, the seed. */
export const PROGRESS_SOURCES = ['report', 'device', 'cycle', 'seed'] as const;
export type ProgressSource = (typeof PROGRESS_SOURCES)[number];

/** The positions a report may set; each metres from the bore's entry portal. */
export const PROGRESS_FIELDS = ['faceM', 'invertM', 'liningM', 'waterproofM'] as const;
export type ProgressField = (typeof PROGRESS_FIELDS)[number];

/** The positions of one heading a report or a device sets (at least one). */
export const progressPositionsSchema = z
  .object({ faceM: positionM.optional(), invertM: positionM.optional(), liningM: positionM.optional(), waterproofM: positionM.optional() })
  .refine((p) => PROGRESS_FIELDS.some((f) => p[f] !== undefined), { message: 'at least one of faceM, invertM, liningM, waterproofM' });
export type ProgressPositions = z.infer<typeof progressPositionsSchema>;

/** A heading's positions at one instant (the state after a report). `waterproofM` null where not tracked. */
export interface HeadingPositions {
  faceM: number;
  invertM: number;
  liningM: number;
  waterproofM: number | null;
}

/** One saved progress state of a heading: its positions after a change at `atMs`, who or what made it. */
export const progressEntrySchema = z.object({
  entryId: z.number().int(),
  tunnelId: z.string(),
  headingId: z.string(),
  atMs: z.number(),
  source: z.enum(PROGRESS_SOURCES),
  /** The user of a report, the device sn, or the cycle module's name. */
  by: z.string(),
  faceM: z.number(),
  invertM: z.number(),
  liningM: z.number(),
  waterproofM: z.number().nullable(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/** The step-distance limits behind the face, metres, of one grade. */
export interface StepLimits {
  invertToFaceM: number;
  liningToFaceM: number;
}

/**
 * Safe step distances by surrounding-rock grade: invert to face and second lining to face, metres; a distance
 * equal to the limit is within it. Source: the highway tunnel safety step-distance rules of the Ministry of
 * Transport (docs/domain.md "Drill-and-blast cycle"): III ≤ 90 / ≤ 120 m, IV ≤ 35 / ≤ 90 m, V–VI ≤ 35 / ≤ 70 m.
 * Grades I and II are not in that table and take grade III's limits (harder rock, never stricter); a face with
 * no grade takes the strictest (V–VI), so a missing design entry never hides a warning.
 */
export function stepLimits(grade: RockGrade): StepLimits {
  switch (grade) {
    case 'I':
    case 'II':
    case 'III':
      return { invertToFaceM: 90, liningToFaceM: 120 };
    case 'IV':
      return { invertToFaceM: 35, liningToFaceM: 90 };
    default:
      return { invertToFaceM: 35, liningToFaceM: 70 };
  }
}

/**
 * The grade at `positionM` (metres from the entry portal) from a bore's segments: the segment with
 * fromM ≤ position < toM; at a boundary the segment that starts there; at the very end of the last segment,
 * that segment. Null when no segment covers it. Segments need not be sorted.
 */
export function gradeAt(segments: readonly RockSegment[], positionM: number): RockGrade {
  let endHit: RockGrade = null;
  for (const s of segments) {
    if (s.fromM <= positionM && positionM < s.toM) return s.grade;
    if (positionM === s.toM) endHit = s.grade;
  }
  return endHit;
}

/** One problem of a bore's rock segments: the segments concerned and what is wrong. */
export interface SegmentProblem {
  /** Indexes of the segments concerned, 0-based in the order given. */
  at: number[];
  /** What is wrong, naming the segments with the caller's `name`. */
  message: string;
}

const segmentNames = (at: readonly number[]): string => (at.length === 1 ? `segment ${at[0] + 1}` : `segments ${at.map((i) => i + 1).join(' and ')}`);

/**
 * Problems of a bore's rock segments (`lengthM` long): a segment past the bore, two that overlap. `name`
 * words the segments concerned ("segment 2", "segments 1 and 2" by default; an import names its file rows).
 */
export function segmentProblems(segments: readonly RockSegment[], lengthM: number, name: (at: readonly number[]) => string = segmentNames): SegmentProblem[] {
  const problems: SegmentProblem[] = [];
  segments.forEach((s, i) => {
    if (s.toM > lengthM) problems.push({ at: [i], message: `${name([i])}: ends at ${s.toM} m, past the bore's length ${lengthM} m` });
  });
  const order = segments.map((s, i) => ({ s, i })).sort((a, b) => a.s.fromM - b.s.fromM);
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1];
    const b = order[k];
    if (b.s.fromM < a.s.toM) problems.push({ at: [a.i, b.i], message: `${name([a.i, b.i])} overlap (${b.s.fromM} m < ${a.s.toM} m)` });
  }
  return problems;
}

/** Metres excavated (or lined, …) from a heading's own portal to `positionM`. */
export function fromPortalM(heading: Pick<Heading, 'portal'>, positionM: number, lengthM: number): number {
  return heading.portal === 'entry' ? positionM : lengthM - positionM;
}

/** How far `positionM` stands behind the face, metres (0 when level with it or ahead of it). */
export function behindFaceM(heading: Pick<Heading, 'portal' | 'faceM'>, positionM: number): number {
  return Math.max(0, heading.portal === 'entry' ? heading.faceM - positionM : positionM - heading.faceM);
}

/**
 * Problems of new positions of a heading in a bore of `lengthM`: each within the bore, and the invert, the
 * lining and the waterproofing behind (or level with) the face, on the heading's own side.
 * @returns messages naming the field; empty when fine.
 */
export function positionProblems(heading: Pick<Heading, 'portal'>, p: HeadingPositions, lengthM: number): string[] {
  const problems: string[] = [];
  for (const f of PROGRESS_FIELDS) {
    const v = p[f];
    if (v !== null && v > lengthM) problems.push(`${f}: ${v} m is past the bore's length ${lengthM} m`);
  }
  const behind = (v: number) => (heading.portal === 'entry' ? v <= p.faceM : v >= p.faceM);
  for (const f of ['invertM', 'liningM', 'waterproofM'] as const) {
    const v = p[f];
    if (v !== null && !behind(v)) problems.push(`${f}: ${v} m is ahead of the face at ${p.faceM} m`);
  }
  return problems;
}

/** A step distance against its limit. `exceeded` when the distance is over the limit (equal is within). */
export interface StepDistance {
  distanceM: number;
  limitM: number;
  exceeded: boolean;
}

/** Advances over periods, metres, for the face, invert and lining. */
export interface Advance {
  faceM: number;
  invertM: number;
  liningM: number;
}

/** The progress figures of one heading at one instant (docs/domain.md "Tunnel progress"). */
export const headingFiguresSchema = z.object({
  headingId: z.string(),
  tunnelId: z.string(),
  grade: rockGradeSchema,
  /** Metres from the heading's portal: excavated, invert, lining. */
  total: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  today: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  month: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  /** Excavated by this heading, % of the bore's design length. */
  pctOfDesign: z.number(),
  invertToFace: z.object({ distanceM: z.number(), limitM: z.number(), exceeded: z.boolean() }),
  liningToFace: z.object({ distanceM: z.number(), limitM: z.number(), exceeded: z.boolean() }),
});
export type HeadingFigures = z.infer<typeof headingFiguresSchema>;

/** The progress figures of one bore: its headings' sums. */
export const tunnelFiguresSchema = z.object({
  tunnelId: z.string(),
  lengthM: z.number(),
  total: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  today: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  month: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  /** Excavated, invert and lining, % of the design length. */
  pctOfDesign: z.object({ faceM: z.number(), invertM: z.number(), liningM: z.number() }),
  headings: z.array(headingFiguresSchema),
});
export type TunnelFigures = z.infer<typeof tunnelFiguresSchema>;

/** The judged step distances of a heading as it stands, against the limits of the face's grade. */
export function stepDistances(heading: Pick<Heading, 'portal' | 'faceM' | 'invertM' | 'liningM'>, grade: RockGrade): { invertToFace: StepDistance; liningToFace: StepDistance } {
  const limits = stepLimits(grade);
  const inv = behindFaceM(heading, heading.invertM);
  const lin = behindFaceM(heading, heading.liningM);
  return {
    invertToFace: { distanceM: inv, limitM: limits.invertToFaceM, exceeded: inv > limits.invertToFaceM },
    liningToFace: { distanceM: lin, limitM: limits.liningToFaceM, exceeded: lin > limits.liningToFaceM },
  };
}

/** Start of the site month (the 1st, 00:00 Beijing time, in which the site's days and months are counted) containing `atMs`. */
export function siteMonthStartMs(atMs: number): number {
  const d = new Date(atMs + BEIJING_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - BEIJING_OFFSET_MS;
}

/**
 * The heading's positions as of `atMs` from its saved states (any order): the latest at or before `atMs`;
 * before the first one, the first one (the state the record starts from). Null when there is none.
 */
export function positionsAt(entries: readonly Pick<ProgressEntry, 'atMs' | 'faceM' | 'invertM' | 'liningM' | 'waterproofM'>[], atMs: number): HeadingPositions | null {
  let best: (typeof entries)[number] | null = null;
  let first: (typeof entries)[number] | null = null;
  for (const e of entries) {
    if (!first || e.atMs < first.atMs) first = e;
    if (e.atMs <= atMs && (!best || e.atMs >= best.atMs)) best = e;
  }
  const e = best ?? first;
  return e ? { faceM: e.faceM, invertM: e.invertM, liningM: e.liningM, waterproofM: e.waterproofM } : null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The figures of one heading as of `atMs`: `heading` is its state then (from {@link positionsAt}), `entries`
 * its saved states (for today's and this month's advance: the position now less the position at the start
 * of the site day or month), `lengthM` the bore's design length, `segments` its rock grades (the face's
 * grade and the limits it sets). Metres to 0.1 m, % to 0.1.
 */
export function headingFigures(
  tunnel: Pick<TunnelInfo, 'tunnelId' | 'lengthM'>,
  heading: Pick<Heading, 'headingId' | 'portal' | 'faceM' | 'invertM' | 'liningM'>,
  entries: readonly Pick<ProgressEntry, 'atMs' | 'faceM' | 'invertM' | 'liningM' | 'waterproofM'>[],
  segments: readonly RockSegment[],
  atMs: number,
): HeadingFigures {
  const L = tunnel.lengthM;
  const total: Advance = { faceM: fromPortalM(heading, heading.faceM, L), invertM: fromPortalM(heading, heading.invertM, L), liningM: fromPortalM(heading, heading.liningM, L) };
  const since = (fromMs: number): Advance => {
    const then = positionsAt(entries, fromMs) ?? heading;
    return {
      faceM: round1(total.faceM - fromPortalM(heading, then.faceM, L)),
      invertM: round1(total.invertM - fromPortalM(heading, then.invertM, L)),
      liningM: round1(total.liningM - fromPortalM(heading, then.liningM, L)),
    };
  };
  const grade = gradeAt(segments, heading.faceM);
  const d = stepDistances(heading, grade);
  return {
    headingId: heading.headingId,
    tunnelId: tunnel.tunnelId,
    grade,
    total: { faceM: round1(total.faceM), invertM: round1(total.invertM), liningM: round1(total.liningM) },
    today: since(beijingDayStart(atMs)),
    month: since(siteMonthStartMs(atMs)),
    pctOfDesign: L > 0 ? round1((total.faceM / L) * 100) : 0,
    invertToFace: { ...d.invertToFace, distanceM: round1(d.invertToFace.distanceM) },
    liningToFace: { ...d.liningToFace, distanceM: round1(d.liningToFace.distanceM) },
  };
}

/** A bore's figures: the sums of its headings' (`headings` from {@link headingFigures}); % of its design length. */
export function tunnelFigures(tunnel: Pick<TunnelInfo, 'tunnelId' | 'lengthM'>, headings: readonly HeadingFigures[]): TunnelFigures {
  const sum = (pick: (h: HeadingFigures) => Advance): Advance => ({
    faceM: round1(headings.reduce((a, h) => a + pick(h).faceM, 0)),
    invertM: round1(headings.reduce((a, h) => a + pick(h).invertM, 0)),
    liningM: round1(headings.reduce((a, h) => a + pick(h).liningM, 0)),
  });
  const total = sum((h) => h.total);
  const pct = (v: number) => (tunnel.lengthM > 0 ? round1(Math.min(100, (v / tunnel.lengthM) * 100)) : 0);
  return {
    tunnelId: tunnel.tunnelId,
    lengthM: tunnel.lengthM,
    total,
    today: sum((h) => h.today),
    month: sum((h) => h.month),
    pctOfDesign: { faceM: pct(total.faceM), invertM: pct(total.invertM), liningM: pct(total.liningM) },
    headings: [...headings],
  };
}
