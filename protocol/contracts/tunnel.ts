import { z } from 'zod';
import { rockSegmentSchema, tunnelInfoSchema } from '../api';
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

/** Tunnel progress and rock grades (docs/api.md "Tunnel progress"). */
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
} as const;
