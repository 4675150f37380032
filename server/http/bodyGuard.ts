/**
 * Checks every JSON request body once, before any route sees it (docs/api.md "Request bodies"): text the
 * database cannot store or a parser cannot walk is refused as VALIDATION naming the problem and where, so
 * no route answers 500 on it.
 *
 * - nesting deeper than {@link MAX_BODY_DEPTH} (checked on the raw text, before `JSON.parse`, so a
 *   10,000-deep body never reaches a recursive walk);
 * - a NUL character (U+0000) in a string or key: PostgreSQL text and jsonb cannot hold it;
 * - a lone UTF-16 surrogate (U+D800–U+DFFF without its pair): not valid Unicode, so not storable as UTF-8;
 * - the keys `__proto__`, `constructor`, `prototype`: prototype pollution, never a field of ours.
 */

/** Deepest nesting of objects and arrays accepted: the deepest real body (a board layout) is about 8. */
export const MAX_BODY_DEPTH = 64;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A problem found in a body: where (a dotted path, `body` for the root) and what. */
export interface BodyProblem {
  path: string;
  message: string;
}

/**
 * Depth of the deepest array/object nesting in JSON text, counting only brackets outside strings; stops
 * counting once `limit` is exceeded. Malformed text is left to `JSON.parse`.
 */
export function jsonDepthExceeds(text: string, limit = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The problem with a string that cannot be stored, or null. */
function stringProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'contains a NUL character (U+0000)';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'contains a lone surrogate (invalid Unicode)';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'contains a lone surrogate (invalid Unicode)';
  }
  return null;
}

/**
 * Walks a parsed body (iteratively; depth is already bounded) and returns the first problem, or null.
 * Paths use the field names, e.g. `layout.panels.3.title`.
 */
export function findBodyProblem(value: unknown): BodyProblem | null {
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  const where = (p: string[]) => (p.length > 0 ? p.join('.') : 'body');
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) return { path: where(path), message: problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, String(i)] });
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        const keyProblem = stringProblem(key);
        if (keyProblem) return { path: where(path), message: `a key ${keyProblem}` };
        if (FORBIDDEN_KEYS.has(key)) return { path: where([...path, key]), message: 'is not an allowed key' };
        stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Parses JSON request text with the checks above.
 * @returns the value, `{}` for an empty body.
 * @throws BodyRejected naming the problem (the caller answers 400 VALIDATION).
 */
export function parseGuardedJson(text: string): unknown {
  if (text.trim() === '') return {};
  if (jsonDepthExceeds(text)) throw new BodyRejected(`body: nested deeper than ${MAX_BODY_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new BodyRejected(`body: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const problem = findBodyProblem(value);
  if (problem) throw new BodyRejected(`${problem.path}: ${problem.message}`);
  return value;
}

/** A request body refused by {@link parseGuardedJson}; `message` is what the client sees. */
export class BodyRejected extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BodyRejected';
  }
}
