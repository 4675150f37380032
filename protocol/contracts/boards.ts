import { z } from 'zod';
import type { BoardScreen } from '../api';
import {
  BOARD_TEMPLATE_CATEGORIES,
  layoutPatchSchema,
  panelInputSchema,
  panelMoveTargetSchema,
  panelPatchSchema,
  type LayoutItem,
  boardListSchema,
  boardSchema,
  layoutItemSchema,
  layoutSchema,
  pageSchema,
  panelSchema,
  THEMES,
  type BoardDeleted,
  type BoardHistory,
  type BoardReleaseInfo,
  type BoardSettingsWrite,
  type BoardStandardList,
  type BoardTicket,
  type BoardWrite,
  type LayoutList,
  type LayoutWrite,
  type PageDetails,
  type PageOrder,
  type PageWrite,
  type PanelList,
  type PanelOrder,
  type PanelWrite,
  type SystemStyle,
} from '../board';
import { customPanelTypeAddBody, customPanelTypeDeleteBody, customPanelTypeListBody, customPanelTypeSchema, type CustomPanelTypeList } from '../customPanels';
import { DEVICE_KINDS } from '../topics';
import { defineContract, shapesAgree, type SameShape } from './define';

// ───────────────────────── Route bodies (docs/api.md "Board server") ─────────────────────────

const boardIdField = z.string().min(1).max(64);
const nameField = z.string().trim().min(1, 'must not be empty').max(200);
/**
 * The board `version` an edit was based on. A write whose baseVersion is not the board's current version
 * is refused with CONFLICT (someone else changed the board); a write that succeeds increments it.
 */
const baseVersionField = z.number().int().min(0);


const unique = <T>(key: (item: T) => string) => (items: T[]) => new Set(items.map(key)).size === items.length;

/** Bodies of the board-server routes. */
export const boardAddBody = z.strictObject({ projectId: boardIdField, name: nameField, layout: layoutPatchSchema.optional() });
export const boardAddInitializeBody = z.strictObject({
  projectId: boardIdField,
  templateId: boardIdField,
  /** Default: the template's name. */
  name: nameField.optional(),
});
export const boardEditBody = z
  .strictObject({ boardId: boardIdField, baseVersion: baseVersionField, name: nameField.optional(), layout: layoutPatchSchema.optional() })
  .refine((b) => b.name !== undefined || b.layout !== undefined, { error: 'nothing to change: give name or layout' });
export const boardDeleteBody = z.strictObject({ boardId: boardIdField, baseVersion: baseVersionField });
export const boardReleaseBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  note: z.string().trim().max(500).optional(),
});
export const boardHistoryBody = z.strictObject({ boardId: boardIdField });
export const boardRestoreBody = z.strictObject({ boardId: boardIdField, baseVersion: baseVersionField, releaseNo: z.number().int().min(1) });
export const boardStandardListBody = z.strictObject({ category: z.enum(BOARD_TEMPLATE_CATEGORIES).optional() });

export const pageAddBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  name: nameField,
  /** Position among the pages; default (or past the end): last. */
  index: z.number().int().min(0).optional(),
});
export const pageDetailsBody = z.strictObject({ boardId: boardIdField, pageId: boardIdField });
export const pageEditBody = z.strictObject({ boardId: boardIdField, baseVersion: baseVersionField, pageId: boardIdField, name: nameField });
export const pageMoveBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  pageId: boardIdField,
  /** New position, 0 = first; past the end means last. */
  toIndex: z.number().int().min(0),
});
export const pageDeleteBody = z.strictObject({ boardId: boardIdField, baseVersion: baseVersionField, pageId: boardIdField });
export const pageAddInitializeBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  templateId: boardIdField,
  /** Which page of the template; default its first. */
  templatePageId: boardIdField.optional(),
  /** Default: the template page's name. */
  name: nameField.optional(),
  index: z.number().int().min(0).optional(),
});

export const panelListBody = z.strictObject({ boardId: boardIdField, pageId: boardIdField.optional() });
export const panelCustomAddBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  pageId: boardIdField,
  panel: panelInputSchema,
});
export const panelEditBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  pageId: boardIdField,
  panelId: boardIdField,
  panel: panelPatchSchema,
});
export const panelDeleteBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  pageId: boardIdField,
  panelIds: z
    .array(boardIdField)
    .min(1)
    .max(2000)
    .refine(unique<string>((s) => s), { error: 'lists a panel twice' }),
});
export const panelMoveBody = z.strictObject({
  boardId: boardIdField,
  baseVersion: baseVersionField,
  pageId: boardIdField,
  panelId: boardIdField,
  to: panelMoveTargetSchema,
});

export const layoutListBody = z.strictObject({ boardId: boardIdField, pageId: boardIdField.optional() });
export const layoutUpdateBody = z
  .strictObject({
    boardId: boardIdField,
    baseVersion: baseVersionField,
    layout: layoutPatchSchema.optional(),
    items: z
      .array(layoutItemSchema)
      .max(5000)
      .refine(unique<LayoutItem>((i) => `${i.pageId}\u0000${i.panelId}`), { error: 'lists a panel twice' })
      .default([]),
  })
  .refine((b) => b.layout !== undefined || b.items.length > 0, { error: 'nothing to change: give layout or items' });

export const systemStyleDetailsBody = z.strictObject({ projectId: boardIdField });
export const systemStyleEditBody = z
  .strictObject({
    projectId: boardIdField,
    /** The style `version` the edit was based on (0 for a project that never edited it). */
    baseVersion: baseVersionField,
    theme: z.enum(THEMES).optional(),
    primaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour like #00b589' })
      .optional(),
    title: z.string().trim().min(1, 'must not be empty').max(100).optional(),
  })
  .refine((b) => b.theme !== undefined || b.primaryColor !== undefined || b.title !== undefined, {
    error: 'nothing to change: give theme, primaryColor or title',
  });

/** Query of `GET ticket/getTicket`: the project the ticket is for (other params are ignored). */
export const ticketQuery = z.object({ projectId: boardIdField });

/** board/list: the boards of a project. */
export const boardListBody = z.object({ projectId: boardIdField, dataRange: z.number().int().optional() });
export const boardScreenBody = z.object({
  boardId: boardIdField,
  /**
   * true (viewers): the latest release; NOT_FOUND with NOT_RELEASED_MESSAGE when the board was never
   * released (viewers never see a draft). false or absent (editors): the draft.
   */
  released: z.boolean().optional(),
  /** A given release (history preview); wins over `released`. NOT_FOUND when it is not kept. */
  releaseNo: z.number().int().min(1).optional(),
});

/** Every successful board write: the board and its new version (protocol/board.ts BoardWrite). */
export const boardWriteSchema = z.object({ boardId: z.string(), version: z.number() });
export const pageWriteSchema = boardWriteSchema.extend({ page: pageSchema });
export const pageOrderSchema = boardWriteSchema.extend({ pages: z.array(z.object({ pageId: z.string(), name: z.string(), order: z.number() })) });
export const panelWriteSchema = boardWriteSchema.extend({ pageId: z.string(), panel: panelSchema });
export const panelOrderSchema = boardWriteSchema.extend({ pageId: z.string(), panels: z.array(z.object({ panelId: z.string(), z: z.number() })) });
export const boardSettingsWriteSchema = boardWriteSchema.extend({ name: z.string(), layout: layoutSchema });
export const layoutWriteSchema = boardWriteSchema.extend({ layout: layoutSchema, items: z.array(layoutItemSchema) });
export const boardDeletedSchema = z.object({ boardId: z.string() });
export const pageDetailsSchema = boardWriteSchema.extend({ page: pageSchema });
export const panelListSchema = boardWriteSchema.extend({ panels: z.array(panelSchema.extend({ pageId: z.string() })) });
export const layoutListSchema = boardWriteSchema.extend({ layout: layoutSchema, items: z.array(layoutItemSchema) });
/** board/screen data: a board with where it comes from (protocol/api.ts BoardScreen). */
export const boardScreenSchema = boardSchema.extend({
  source: z.enum(['draft', 'release']).optional(),
  releaseNo: z.number().nullable().optional(),
  releasedAtMs: z.number().nullable().optional(),
});
export const boardStandardListSchema = z.object({
  templates: z.array(
    z.object({
      templateId: z.string(),
      category: z.enum(BOARD_TEMPLATE_CATEGORIES),
      name: z.string(),
      description: z.string(),
      layout: layoutSchema,
      pages: z.array(
        z.object({
          templatePageId: z.string(),
          name: z.string(),
          panels: z.array(panelSchema.omit({ panelId: true }).extend({ bind: z.object({ kind: z.enum(DEVICE_KINDS), nth: z.number() }).optional() })),
        }),
      ),
    }),
  ),
});
export const boardReleaseInfoSchema = z.object({
  boardId: z.string(),
  releaseNo: z.number(),
  version: z.number(),
  name: z.string(),
  note: z.string().nullable(),
  releasedAtMs: z.number(),
  releasedBy: z.string(),
});
export const boardHistorySchema = z.object({ boardId: z.string(), releases: z.array(boardReleaseInfoSchema) });
export const systemStyleSchema = z.object({ projectId: z.string(), theme: z.enum(THEMES), primaryColor: z.string(), title: z.string(), version: z.number() });
export const boardTicketSchema = z.object({ ticket: z.string(), expiresAtMs: z.number() });
export const customPanelTypeListSchema = z.object({ projectId: z.string(), types: z.array(customPanelTypeSchema) });

shapesAgree<
  [
    SameShape<z.output<typeof boardWriteSchema>, BoardWrite>,
    SameShape<z.output<typeof pageWriteSchema>, PageWrite>,
    SameShape<z.output<typeof pageOrderSchema>, PageOrder>,
    SameShape<z.output<typeof panelWriteSchema>, PanelWrite>,
    SameShape<z.output<typeof panelOrderSchema>, PanelOrder>,
    SameShape<z.output<typeof boardSettingsWriteSchema>, BoardSettingsWrite>,
    SameShape<z.output<typeof layoutWriteSchema>, LayoutWrite>,
    SameShape<z.output<typeof boardDeletedSchema>, BoardDeleted>,
    SameShape<z.output<typeof pageDetailsSchema>, PageDetails>,
    SameShape<z.output<typeof panelListSchema>, PanelList>,
    SameShape<z.output<typeof layoutListSchema>, LayoutList>,
    SameShape<z.output<typeof boardScreenSchema>, BoardScreen>,
    SameShape<z.output<typeof boardStandardListSchema>, BoardStandardList>,
    SameShape<z.output<typeof boardReleaseInfoSchema>, BoardReleaseInfo>,
    SameShape<z.output<typeof boardHistorySchema>, BoardHistory>,
    SameShape<z.output<typeof systemStyleSchema>, SystemStyle>,
    SameShape<z.output<typeof boardTicketSchema>, BoardTicket>,
    SameShape<z.output<typeof customPanelTypeListSchema>, CustomPanelTypeList>,
  ]
>();

const tag = 'boards';
const STALE = ['NOT_FOUND', 'CONFLICT'] as const;

/** The board server (docs/api.md "Board server"): boards, pages, panels, layouts, styles, releases. */
export const BOARDS = {
  boardList: defineContract({ tag, path: '/zhgd/board/list', body: boardListBody, response: boardListSchema, permission: 'project.read', summary: "A project's boards with their release state" }),
  boardScreen: defineContract({ tag, path: '/zhgd/board/screen', body: boardScreenBody, response: boardScreenSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: 'A board to draw: the draft, the latest release or a given release' }),
  boardStandardList: defineContract({ tag, path: '/zhgd/board/standardList', body: boardStandardListBody, response: boardStandardListSchema, permission: 'session', summary: 'The standard boards (templates)' }),
  ticketGet: defineContract({ tag, method: 'GET', path: '/zhgd/ticket/getTicket', body: ticketQuery, response: boardTicketSchema, permission: 'board.edit', summary: 'A single-use ticket for the dataBoardBasicToken header of board/add' }),
  boardAdd: defineContract({ tag, path: '/zhgd/board/add', body: boardAddBody, response: boardSchema, permission: 'board.edit', summary: 'Create an empty board (needs a ticket header)' }),
  boardAddInitialize: defineContract({ tag, path: '/zhgd/board/add/initialize', body: boardAddInitializeBody, response: boardSchema, permission: 'board.edit', errors: ['NOT_FOUND'], summary: 'Create a board from a standard board (needs a ticket header)' }),
  boardEdit: defineContract({ tag, path: '/zhgd/board/edit', body: boardEditBody, response: boardSettingsWriteSchema, permission: 'board.edit', errors: STALE, summary: "Rename a board or change its layout" }),
  boardDelete: defineContract({ tag, path: '/zhgd/board/delete', body: boardDeleteBody, response: boardDeletedSchema, permission: 'board.edit', errors: STALE, summary: 'Delete a board' }),
  boardRelease: defineContract({ tag, path: '/zhgd/board/release', body: boardReleaseBody, response: boardReleaseInfoSchema, permission: 'board.release', errors: STALE, summary: 'Release the draft to viewers' }),
  boardHistory: defineContract({ tag, path: '/zhgd/board/history', body: boardHistoryBody, response: boardHistorySchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: "A board's releases, newest first" }),
  boardRestore: defineContract({ tag, path: '/zhgd/board/restore', body: boardRestoreBody, response: boardSchema, permission: 'board.release', errors: STALE, summary: 'Make an older release the draft again' }),
  pageAdd: defineContract({ tag, path: '/zhgd/page/add', body: pageAddBody, response: pageWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Add a page' }),
  pageAddInitialize: defineContract({ tag, path: '/zhgd/page/add/initialize', body: pageAddInitializeBody, response: pageWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Add a page copied from a standard board' }),
  pageDetails: defineContract({ tag, path: '/zhgd/page/details', body: pageDetailsBody, response: pageDetailsSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: 'One page of a board' }),
  pageEdit: defineContract({ tag, path: '/zhgd/page/edit', body: pageEditBody, response: pageWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Rename a page' }),
  pageMove: defineContract({ tag, path: '/zhgd/page/move', body: pageMoveBody, response: pageOrderSchema, permission: 'board.edit', errors: STALE, summary: 'Move a page' }),
  pageDelete: defineContract({ tag, path: '/zhgd/page/delete', body: pageDeleteBody, response: boardWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Delete a page' }),
  panelList: defineContract({ tag, path: '/zhgd/panel/list', body: panelListBody, response: panelListSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: 'Panels of a page or of every page' }),
  panelCustomAdd: defineContract({ tag, path: '/zhgd/panel/custom/add', body: panelCustomAddBody, response: panelWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Place a panel on a page' }),
  panelEdit: defineContract({ tag, path: '/zhgd/panel/edit', body: panelEditBody, response: panelWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Change a panel' }),
  panelDelete: defineContract({ tag, path: '/zhgd/panel/delete', body: panelDeleteBody, response: boardWriteSchema, permission: 'board.edit', errors: STALE, summary: 'Delete panels' }),
  panelMove: defineContract({ tag, path: '/zhgd/panel/move', body: panelMoveBody, response: panelOrderSchema, permission: 'board.edit', errors: STALE, summary: 'Move a panel in the stacking order' }),
  layoutList: defineContract({ tag, path: '/zhgd/layout/getLayoutList', body: layoutListBody, response: layoutListSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: "A board's layout and its panels' positions" }),
  layoutUpdate: defineContract({ tag, path: '/zhgd/layout/updateLayout', body: layoutUpdateBody, response: layoutWriteSchema, permission: 'board.edit', errors: STALE, summary: "Change a board's layout and panel positions" }),
  systemStyleDetails: defineContract({ tag, path: '/zhgd/systemStyle/details', body: systemStyleDetailsBody, response: systemStyleSchema, permission: 'project.read', summary: "A project's whole-system style" }),
  systemStyleEdit: defineContract({ tag, path: '/zhgd/systemStyle/edit', body: systemStyleEditBody, response: systemStyleSchema, permission: 'board.edit', errors: ['CONFLICT'], summary: "Change a project's whole-system style" }),
} as const;

/** Custom panel types of a project (docs/api.md "Custom panel types", docs/custom-modules.md). */
export const CUSTOM_PANELS = {
  typeAdd: defineContract({ tag, path: '/zhgd/panel/custom/type/add', body: customPanelTypeAddBody, response: customPanelTypeListSchema, permission: 'project.admin', summary: 'Register (or replace) a custom panel type' }),
  typeList: defineContract({ tag, path: '/zhgd/panel/custom/type/list', body: customPanelTypeListBody, response: customPanelTypeListSchema, permission: 'project.read', summary: "The project's custom panel types" }),
  typeDelete: defineContract({ tag, path: '/zhgd/panel/custom/type/delete', body: customPanelTypeDeleteBody, response: customPanelTypeListSchema, permission: 'project.admin', summary: 'Remove custom panel types' }),
} as const;
