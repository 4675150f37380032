import { z } from 'zod';
import { boardListBody, boardScreenBody, type BoardScreen } from '../api';
import {
  BOARD_TEMPLATE_CATEGORIES,
  boardAddBody,
  boardAddInitializeBody,
  boardDeleteBody,
  boardEditBody,
  boardHistoryBody,
  boardListSchema,
  boardReleaseBody,
  boardRestoreBody,
  boardSchema,
  boardStandardListBody,
  layoutItemSchema,
  layoutListBody,
  layoutSchema,
  layoutUpdateBody,
  pageAddBody,
  pageAddInitializeBody,
  pageDeleteBody,
  pageDetailsBody,
  pageEditBody,
  pageMoveBody,
  pageSchema,
  panelCustomAddBody,
  panelDeleteBody,
  panelEditBody,
  panelListBody,
  panelMoveBody,
  panelSchema,
  systemStyleDetailsBody,
  systemStyleEditBody,
  THEMES,
  ticketQuery,
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
