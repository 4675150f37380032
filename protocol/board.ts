import { z } from 'zod';

/**
 * The board model: a board has pages, a page has panels (SPEC §3). Positions and sizes are in page
 * pixels (the page is drawn at pageWidth × pageHeight and scaled to the screen).
 */

/** Layout defaults, exactly as SPEC §3/§9. */
export const LAYOUT_DEFAULTS = { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 } as const;

export const layoutSchema = z.object({
  pageWidth: z.number().int().min(100).max(16_384),
  pageHeight: z.number().int().min(100).max(16_384),
  /** 1 manual page tabs, 2 automatic carousel. */
  pageSwitchModel: z.union([z.literal(1), z.literal(2)]),
  /** Carousel interval in seconds, for pageSwitchModel 2. */
  carouselIntervalS: z.number().int().min(3).max(3600).optional(),
  wholeTips: z.union([z.literal(0), z.literal(1)]),
  pageTips: z.union([z.literal(0), z.literal(1)]),
});
export type Layout = z.infer<typeof layoutSchema>;

export const panelSchema = z.object({
  panelId: z.string().min(1).max(64),
  /** Registered panel type id, e.g. `gasTrend`. */
  type: z.string().min(1).max(64),
  title: z.string().max(200).optional(),
  x: z.number().finite(),
  y: z.number().finite(),
  w: z.number().finite().positive(),
  h: z.number().finite().positive(),
  z: z.number().int(),
  /** Panel-type-specific settings, validated by that type's own schema. */
  config: z.record(z.string(), z.unknown()),
});
export type Panel = z.infer<typeof panelSchema>;

export const pageSchema = z.object({
  pageId: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  order: z.number().int(),
  panels: z.array(panelSchema).max(2000),
});
export type Page = z.infer<typeof pageSchema>;

export const boardSchema = z.object({
  boardId: z.string().min(1).max(64),
  projectId: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  /** Monotonic edit version; every write names the version it was based on. */
  version: z.number().int().min(0),
  layout: layoutSchema,
  pages: z.array(pageSchema).max(200),
});
export type Board = z.infer<typeof boardSchema>;

/** Panel type ids shipped with the live-board slice. */
export const BUILTIN_PANEL_TYPES = ['gasTrend', 'gasTable', 'tunnelPersonnel', 'towerCrane', 'alarmFeed'] as const;
