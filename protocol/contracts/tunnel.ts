import { z } from 'zod';
import { boreAlignmentSchema } from '../alignment';
import { rockSegmentSchema, tunnelInfoSchema } from '../api';
import { ZONE_KINDS } from '../people';
import { MAX_ROCK_SEGMENTS, progressEntrySchema, tunnelFiguresSchema } from '../tunnelProgress';
import { defineContract } from './define';

const tag = 'tunnel';
const projectId = z.string().min(1).max(64);
const headingId = z.string().min(1).max(64);
const positionM = z.number().finite().min(0).max(100_000);

/**
 * A progress report of one heading (docs/api.md "Tunnel progress"): at least one position, metres from the
 * bore's entry portal; `atMs` when it was measured (default now; not older than the heading's last saved
 * state, not ahead of the server's clock by more than 5 min).
 */
export const progressReportBody = z
  .strictObject({
    projectId,
    headingId,
    faceM: positionM.optional(),
    invertM: positionM.optional(),
    liningM: positionM.optional(),
    waterproofM: positionM.optional(),
    atMs: z.number().int().min(946_684_800_000).max(4_102_444_800_000).optional(),
  })
  .refine((b) => b.faceM !== undefined || b.invertM !== undefined || b.liningM !== undefined || b.waterproofM !== undefined, {
    message: 'at least one of faceM, invertM, liningM, waterproofM',
  });

/** Figures as of `atMs` (default now): the live screen, or a replayed instant. */
export const progressFiguresBody = z.strictObject({ projectId, atMs: z.number().int().min(0).optional() });
/** A bore as of an instant with its figures. */
export const tunnelProgressAtSchema = z.object({ tunnel: tunnelInfoSchema, figures: tunnelFiguresSchema });
export type TunnelProgressAt = z.infer<typeof tunnelProgressAtSchema>;

/** The latest saved states of a project's headings (of one heading when named), newest first. */
export const progressListBody = z.strictObject({ projectId, headingId: headingId.optional(), limit: z.number().int().min(1).max(200).optional() });

/** A bore's rock segments, replacing the ones it had. */
export const rockGradesSetBody = z.strictObject({ projectId, tunnelId: z.string().min(1).max(64), segments: z.array(rockSegmentSchema).max(MAX_ROCK_SEGMENTS) });

/**
 * An .xlsx of rock segments (first sheet; header row `tunnelId`, `fromM`, `toM`, `grade`, any order, case
 * ignored): every bore it names gets exactly its rows as segments. All rows are checked first; with any
 * problem nothing is written and every problem is answered with its row number (the header is row 1).
 */
export const rockGradesImportBody = z.strictObject({ projectId, contentBase64: z.string().min(1).max(2_800_000) });
export const rockGradesImportResultSchema = z.object({
  /** Segments written per bore (0 when refused). */
  imported: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  tunnels: z.array(tunnelInfoSchema),
});

/** The plan view's static layout of a project (tunnel/plan). */
export const tunnelPlanBody = z.strictObject({ projectId });
/** A zone as the plan draws it: its bore and span (metres from the entry portal), no headcount. */
export const planZoneSchema = z.object({ zoneId: z.string(), name: z.string(), kind: z.enum(ZONE_KINDS), tunnelId: z.string(), fromM: z.number(), toM: z.number() });
export type PlanZone = z.infer<typeof planZoneSchema>;
/** The saved alignments (a bore without one has none: the plan draws it straight) and the zones. */
export const tunnelPlanSchema = z.object({ alignments: z.array(boreAlignmentSchema), zones: z.array(planZoneSchema) });
export type TunnelPlan = z.infer<typeof tunnelPlanSchema>;

/** One bore's alignment, replacing the one it had; its cross passages must reach bores of the project. */
export const alignmentSetBody = z.strictObject({ projectId, alignment: boreAlignmentSchema });

/**
 * An .xlsx (first sheet) or UTF-8 .csv of alignment points: header row `tunnelId`, `chainageM`, `x`, `y`
 * (any order, case ignored; x east, y north, metres), each bore's rows in increasing chainage. Every bore it
 * names gets exactly its rows as points and keeps its cross passages. All rows are checked first; with any
 * problem nothing is written and every problem is answered with its row number (the header is row 1).
 */
export const alignmentImportBody = z.strictObject({ projectId, format: z.enum(['xlsx', 'csv']), contentBase64: z.string().min(1).max(2_800_000) });
export const alignmentImportResultSchema = z.object({
  /** Points written over every bore (0 when refused). */
  imported: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  /** The project's alignments after the import. */
  alignments: z.array(boreAlignmentSchema),
});

/** Tunnel progress, rock grades and the plan (docs/api.md "Tunnel progress", "Tunnel plan"). */
export const TUNNEL = {
  progressReport: defineContract({
    tag,
    path: '/zhgd/tunnel/progress/report',
    body: progressReportBody,
    response: tunnelInfoSchema,
    permission: 'zone.edit',
    errors: ['NOT_FOUND'],
    summary: "Report a heading's face, invert, lining or waterproofing (audited); answers the bore as saved",
  }),
  progressFigures: defineContract({ tag, path: '/zhgd/tunnel/progress/figures', body: progressFiguresBody, response: z.array(tunnelProgressAtSchema), permission: 'project.read', summary: 'Bores as of an instant with their progress figures and step distances' }),
  progressList: defineContract({ tag, path: '/zhgd/tunnel/progress/list', body: progressListBody, response: z.array(progressEntrySchema), permission: 'project.read', summary: "Saved progress states, newest first: when, where from, who" }),
  rockGradesSet: defineContract({ tag, path: '/zhgd/tunnel/rockGrades/set', body: rockGradesSetBody, response: tunnelInfoSchema, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "Replace a bore's surrounding-rock segments (audited)" }),
  rockGradesImport: defineContract({ tag, path: '/zhgd/tunnel/rockGrades/import', body: rockGradesImportBody, response: rockGradesImportResultSchema, permission: 'project.admin', summary: 'Import rock segments from .xlsx; nothing written on any bad row' }),
  plan: defineContract({ tag, path: '/zhgd/tunnel/plan', body: tunnelPlanBody, response: tunnelPlanSchema, permission: 'project.read', summary: "The bores' alignments, cross passages and zones for the plan view" }),
  alignmentSet: defineContract({ tag, path: '/zhgd/tunnel/alignment/set', body: alignmentSetBody, response: boreAlignmentSchema, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "Replace a bore's alignment and cross passages (audited)" }),
  alignmentImport: defineContract({ tag, path: '/zhgd/tunnel/alignment/import', body: alignmentImportBody, response: alignmentImportResultSchema, permission: 'project.admin', summary: 'Import alignment points from .xlsx or .csv; nothing written on any bad row' }),
} as const;
