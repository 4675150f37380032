import { z } from 'zod';

/**
 * Custom panel types (docs/custom-modules.md): an administrator registers an
 * ES module URL per project; the browser loads the project's types on project open and registers them in
 * the panel registry. `panel/custom/add` (board.ts) then places panels of these types like built-ins. The
 * routes are the contracts CUSTOM_PANELS of protocol/contracts/boards.ts.
 */

/** Most custom panel types one project keeps: the browser loads all of them on project open. */
export const MAX_CUSTOM_PANEL_TYPES = 50;

const projectIdField = z.string().min(1).max(64);
/** A type id: letters, digits, `.`, `_`, `-`, starting with a letter (it is stored in Panel.type). */
const typeField = z.string().regex(/^[A-Za-z][A-Za-z0-9._-]{0,63}$/, { error: 'must start with a letter and use only letters, digits, ".", "_", "-" (at most 64)' });
/**
 * True when `u` is a same-origin path or an absolute http(s) URL, judged as the browser's URL parser
 * (WHATWG URL) would: a path is resolved against a stand-in origin and must stay on it, so `//evil.example`
 * and `/\evil.example` (browsers read a backslash as a slash) are refused. Backslashes and control
 * characters are refused anywhere.
 */
export function isAllowedModuleUrl(u: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(u)) return false;
  const base = 'http://same-origin.invalid/';
  let parsed: URL;
  try {
    parsed = new URL(u, base);
  } catch {
    return false;
  }
  if (u.startsWith('/')) return parsed.origin === new URL(base).origin;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && /^https?:\/\/[^/]/i.test(u) && parsed.hostname !== '';
}

/**
 * Where the browser imports the module from: a same-origin path (`/custom-panels/x.js`) or an absolute
 * http(s) URL. Other schemes (javascript:, data:) are refused: the browser would run them as code.
 */
const moduleUrlField = z
  .string()
  .trim()
  .max(2000)
  .refine(isAllowedModuleUrl, { error: 'must be a path starting with "/" on this server or an http(s) URL (no backslashes)' });
const sizeField = z.number().int().min(1).max(16384);

/** A registered custom panel type. `defaultSize` in page pixels; `title` is shown as typed (not translated). */
export const customPanelTypeSchema = z.strictObject({
  type: typeField,
  title: z.string().trim().min(1, 'must not be empty').max(200),
  moduleUrl: moduleUrlField,
  defaultSize: z.strictObject({ w: sizeField, h: sizeField }).default({ w: 400, h: 300 }),
});
export type CustomPanelType = z.output<typeof customPanelTypeSchema>;

export const customPanelTypeAddBody = z.strictObject({ projectId: projectIdField, ...customPanelTypeSchema.shape });
export type CustomPanelTypeAddBody = z.input<typeof customPanelTypeAddBody>;
export const customPanelTypeListBody = z.strictObject({ projectId: projectIdField });
export const customPanelTypeDeleteBody = z.strictObject({
  projectId: projectIdField,
  types: z.array(typeField).min(1).max(MAX_CUSTOM_PANEL_TYPES),
});

/** Answer of type/list (and type/add, type/delete: the list afterwards), types sorted by id. */
export interface CustomPanelTypeList {
  projectId: string;
  types: CustomPanelType[];
}
