import { z } from 'zod';
import type { DeviceKind } from './kinds';

/**
 * The board model: a board has pages, a page has panels (docs/product.md "Board model"). Positions and sizes are in page
 * pixels (the page is drawn at pageWidth × pageHeight and scaled to the screen).
 */

/** Layout defaults (docs/product.md "Board model", "Constants"). */
export const LAYOUT_DEFAULTS = { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 } as const;

/**
 * Page size limits, px per side (layout.pageWidth and pageHeight, integers; docs/api.md "Board server"):
 * the builder accepts only these and the server refuses a layout outside them.
 */
export const PAGE_SIZE_LIMITS = { min: 100, max: 16_384 } as const;

/** One side of a page (px): an integer within {@link PAGE_SIZE_LIMITS}. */
const pageSide = z.number().int().min(PAGE_SIZE_LIMITS.min).max(PAGE_SIZE_LIMITS.max);

export const layoutSchema = z.object({
  pageWidth: pageSide,
  pageHeight: pageSide,
  /** 1 manual page tabs, 2 automatic carousel. */
  pageSwitchModel: z.union([z.literal(1), z.literal(2)]),
  /** Carousel interval in seconds, for pageSwitchModel 2. */
  carouselIntervalS: z.number().int().min(3).max(3600).optional(),
  wholeTips: z.union([z.literal(0), z.literal(1)]),
  pageTips: z.union([z.literal(0), z.literal(1)]),
  /**
   * Alarm flood rate of this board's screens: more than this many new alarms within 10 minutes is a flood
   * (ISA-18.2, per operator position; a wall screen is one). Default ALARM_FLOOD_PER_10_MIN (10).
   */
  alarmFloodPer10Min: z.number().int().min(1).max(10_000).optional(),
});
/** ISA-18.2: more than 10 new alarms in 10 minutes per operator position is an alarm flood. */
export const ALARM_FLOOD_PER_10_MIN = 10;
export type Layout = z.infer<typeof layoutSchema>;

/** A CSS colour the builder lets users pick: `#rgb`, `#rrggbb` or `#rrggbbaa`. */
const hexColour = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'a colour like #0b1730 or #0b1730cc');

/**
 * How a panel's frame looks (property pane "Style"); every field is optional and falls back to the
 * board theme. Sizes are page pixels.
 */
export const panelStyleSchema = z.strictObject({
  /** Frame background; default the theme's panel background. */
  background: hexColour.optional(),
  /** Frame border colour; default the theme's. */
  borderColor: hexColour.optional(),
  /** 0 removes the border. */
  borderWidthPx: z.number().min(0).max(20).optional(),
  borderRadiusPx: z.number().min(0).max(200).optional(),
  /** Inner padding around the content. */
  paddingPx: z.number().min(0).max(200).optional(),
  /** Whole-panel opacity, 0.1–1 (a panel at 0 would be lost on the wall screen; use hidden instead). */
  opacity: z.number().min(0.1).max(1).optional(),
  /** Show the title bar; default true. */
  showTitle: z.boolean().optional(),
});
export type PanelStyle = z.infer<typeof panelStyleSchema>;

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
  /** A locked panel cannot be moved, resized or deleted in the builder until unlocked. */
  locked: z.boolean().optional(),
  /** A hidden panel is kept on the page but drawn neither by viewers nor (except as an outline) by the builder. */
  hidden: z.boolean().optional(),
  /** Panels sharing a groupId are selected, moved and aligned together in the builder (group/ungroup). */
  groupId: z.string().min(1).max(64).optional(),
  style: panelStyleSchema.optional(),
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

/** Panel type ids shipped with the app: the live-board slice, headline figures, one per lifting-equipment kind, the fleet overview, tunnel progress, its figures and the tunnel plan, the drill-and-blast cycle widgets, the environment panels (now, air-quality trend, seven days, noise by day and night, weather, spray state), the labour attendance panels, camera video, the vehicles in the tunnel and the project home's panels (summary, key progress, statistics, latest events). src/panels/registry.test.ts checks the registry registers exactly these. */
export const BUILTIN_PANEL_TYPES = [
  'gasTrend',
  'gasTable',
  'tunnelPersonnel',
  'tunnelPlan',
  'towerCrane',
  'alarmFeed',
  'constructionElevator',
  'bridgeGirderErector',
  'gantryCrane',
  'yardCrane',
  'fleetOverview',
  'headline',
  'tunnelProgress',
  'progressFigures',
  'processStage',
  'cycleTimeline',
  'cycleAnalysis',
  'cycleTrend',
  'environmentNow',
  'airQualityTrend',
  'environmentWeek',
  'noiseDayNight',
  'weather',
  'sprayState',
  'labourCount',
  'companyAttendance',
  'video',
  'vehiclesInTunnel',
  'inspections',
  'projectSummary',
  'keyProgress',
  'homeStatistics',
  'latestEvents',
  'portalCounts',
] as const;

// ───────────────────────── Board server (docs/api.md "Board server") ─────────────────────────

/** Board template categories: the kinds of project SiteBoard is for (docs/product.md "Board model"). */
export const BOARD_TEMPLATE_CATEGORIES = ['tunnel', 'bridge', 'road'] as const;
export type BoardTemplateCategory = (typeof BOARD_TEMPLATE_CATEGORIES)[number];

/** Releases kept per board; older ones are deleted when a new one is published. */
export const MAX_RELEASES_PER_BOARD = 50;

/** Whole-system style choices (theme settings, docs/product.md "Board model"). */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** Style of a project that never edited it: the theme defaults of docs/product.md "Constants" (primary colour #00b589, title). */
export const SYSTEM_STYLE_DEFAULTS = { theme: 'dark', primaryColor: '#00b589', title: 'SiteBoard' } as const;

/** Any subset of the layout, for board/add, board/edit and layout/updateLayout. */
export const layoutPatchSchema = z.strictObject(layoutSchema.shape).partial();
export type LayoutPatch = z.infer<typeof layoutPatchSchema>;

/** A new panel (panel/custom/add): the server assigns `panelId`; `z` defaults to the top of the page. */
export const panelInputSchema = z.strictObject({
  type: panelSchema.shape.type,
  title: panelSchema.shape.title,
  x: panelSchema.shape.x,
  y: panelSchema.shape.y,
  w: panelSchema.shape.w,
  h: panelSchema.shape.h,
  z: panelSchema.shape.z.optional(),
  config: panelSchema.shape.config.default({}),
  locked: panelSchema.shape.locked,
  hidden: panelSchema.shape.hidden,
  groupId: panelSchema.shape.groupId,
  style: panelSchema.shape.style,
});
export type PanelInput = z.input<typeof panelInputSchema>;

/**
 * Changed fields of a panel (panel/edit). `config` and `style` replace the whole object; `groupId: null`
 * and `style: null` remove them (ungroup, back to the theme's style); the type never changes.
 */
export const panelPatchSchema = z
  .strictObject({
    title: panelSchema.shape.title,
    x: panelSchema.shape.x.optional(),
    y: panelSchema.shape.y.optional(),
    w: panelSchema.shape.w.optional(),
    h: panelSchema.shape.h.optional(),
    z: panelSchema.shape.z.optional(),
    config: panelSchema.shape.config.optional(),
    locked: panelSchema.shape.locked,
    hidden: panelSchema.shape.hidden,
    groupId: z.string().min(1).max(64).nullable().optional(),
    style: panelStyleSchema.nullable().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { error: 'nothing to change' });
export type PanelPatch = z.infer<typeof panelPatchSchema>;

/** Where panel/move puts a panel in the page's stacking order: an index (0 = bottom) or a step. */
export const panelMoveTargetSchema = z.union([z.number().int().min(0), z.enum(['front', 'back', 'forward', 'backward'])]);
export type PanelMoveTarget = z.infer<typeof panelMoveTargetSchema>;

/** One panel's place on its page (layout/getLayoutList, layout/updateLayout). */
export const layoutItemSchema = z.strictObject({
  pageId: z.string().min(1).max(64),
  panelId: z.string().min(1).max(64),
  x: panelSchema.shape.x,
  y: panelSchema.shape.y,
  w: panelSchema.shape.w,
  h: panelSchema.shape.h,
  z: panelSchema.shape.z,
});
export type LayoutItem = z.infer<typeof layoutItemSchema>;

/** What every successful board write answers: the board and its new version (the next baseVersion). */
export interface BoardWrite {
  boardId: string;
  version: number;
}
/** page/add, page/edit, page/add/initialize. */
export interface PageWrite extends BoardWrite {
  page: Page;
}
/** page/move: the pages in their new order (`order` renumbered 0…n-1). */
export interface PageOrder extends BoardWrite {
  pages: Array<{ pageId: string; name: string; order: number }>;
}
/** panel/custom/add, panel/edit. */
export interface PanelWrite extends BoardWrite {
  pageId: string;
  panel: Panel;
}
/** panel/move: the page's panels bottom to top, `z` renumbered 1…n. */
export interface PanelOrder extends BoardWrite {
  pageId: string;
  panels: Array<{ panelId: string; z: number }>;
}
/** board/edit. */
export interface BoardSettingsWrite extends BoardWrite {
  name: string;
  layout: Layout;
}
/** layout/updateLayout. */
export interface LayoutWrite extends BoardWrite {
  layout: Layout;
  items: LayoutItem[];
}
/** board/delete. */
export interface BoardDeleted {
  boardId: string;
}
/** page/details. */
export interface PageDetails {
  boardId: string;
  version: number;
  page: Page;
}
/** panel/list: panels of one page or of every page, page by page, bottom to top. */
export interface PanelList {
  boardId: string;
  version: number;
  panels: Array<Panel & { pageId: string }>;
}
/** layout/getLayoutList. */
export interface LayoutList {
  boardId: string;
  version: number;
  layout: Layout;
  items: LayoutItem[];
}

/**
 * A template panel: a panel without id. `bind` asks instantiation to set `config.sn` to the project's
 * nth device of that kind (by sn); when the project has fewer, `sn` stays unset and the panel asks for one.
 */
export interface BoardTemplatePanel extends Omit<Panel, 'panelId'> {
  bind?: { kind: DeviceKind; nth: number };
}
/** A standard board (board/standardList); board/add/initialize and page/add/initialize copy it. */
export interface BoardTemplate {
  templateId: string;
  category: BoardTemplateCategory;
  name: string;
  description: string;
  layout: Layout;
  pages: Array<{ templatePageId: string; name: string; panels: BoardTemplatePanel[] }>;
}
/** board/standardList. */
export interface BoardStandardList {
  templates: BoardTemplate[];
}

/** A published snapshot of a board (board/release, board/history). */
export interface BoardReleaseInfo {
  boardId: string;
  /** 1, 2, … per board. */
  releaseNo: number;
  /** Draft version the snapshot copies. */
  version: number;
  name: string;
  note: string | null;
  releasedAtMs: number;
  releasedBy: string;
}
/** board/history: at most MAX_RELEASES_PER_BOARD releases, newest first. */
export interface BoardHistory {
  boardId: string;
  releases: BoardReleaseInfo[];
}

/** Whole-system style of a project (systemStyle/details, systemStyle/edit). */
export interface SystemStyle {
  projectId: string;
  theme: Theme;
  primaryColor: string;
  title: string;
  /** 0 until first edited; every edit names it as baseVersion. */
  version: number;
}

/** `GET ticket/getTicket`: a single-use ticket for the `dataBoardBasicToken` header of board/add. */
export interface BoardTicket {
  ticket: string;
  expiresAtMs: number;
}

// ───────────────────────── Release state (board/list, builder badge) ─────────────────────────

/**
 * Where a board stands against what viewers see: `draft` never released (viewers see nothing yet),
 * `live` the latest release has the draft's content, `changed` released but the draft has edits since
 * (name, layout or pages) that are not published.
 */
export const BOARD_RELEASE_STATES = ['draft', 'live', 'changed'] as const;
export type BoardReleaseState = (typeof BOARD_RELEASE_STATES)[number];

/**
 * The NOT_FOUND message of board/screen `released: true` for a board that was never released: viewers
 * (wall screens) never see a draft; the viewer shows "Not released yet" on this message.
 */
export const NOT_RELEASED_MESSAGE = 'This board has not been released yet';

/** One row of board/list. */
export const boardListItemSchema = z.object({
  boardId: z.string(),
  name: z.string(),
  /** The draft's version. */
  version: z.number().int(),
  releaseState: z.enum(BOARD_RELEASE_STATES),
  /** Number of the latest release; null when never released. */
  releaseNo: z.number().int().min(1).nullable(),
});
export type BoardListItem = z.infer<typeof boardListItemSchema>;
/** board/list answer (docs/api.md "Board server": `result '0'` and `board[]`). */
export const boardListSchema = z.object({ result: z.literal('0'), board: z.array(boardListItemSchema) });

/** JSON with object keys sorted (undefined fields left out), so equal content compares equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a board shows: name, layout and pages (the version and ids of the board aside). */
export type BoardContent = Pick<Board, 'name' | 'layout' | 'pages'>;

/** Whether two boards (or a draft and a release) have the same content: name, layout, pages. */
export function sameBoardContent(a: BoardContent, b: BoardContent): boolean {
  return canonicalJson([a.name, a.layout, a.pages]) === canonicalJson([b.name, b.layout, b.pages]);
}

/** The release state of `draft` given its latest release (null: never released); see BOARD_RELEASE_STATES. */
export function releaseStateOf(draft: BoardContent, latest: BoardContent | null): BoardReleaseState {
  if (!latest) return 'draft';
  return sameBoardContent(draft, latest) ? 'live' : 'changed';
}
