import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Route handlers hold no SQL (docs/architecture.md "Storage behind the routes"): every query lives in
 * server/storage, in typed functions the handlers call. This fails on any Kysely query builder call, raw
 * `sql` template or value import from kysely in a route file, and on an import cycle among route files.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ROUTES = path.join(ROOT, 'server', 'http', 'routes');

/** Kysely calls that build or run a query, open a transaction or reach the schema. */
const BUILDER_CALL =
  /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|connection|executeQuery|withRecursive)\s*\(|\.\s*schema\s*\.\s*\w+\s*\(/g;
/** The `sql` tag (sql`…`, sql<T>`…`) and its helpers (sql.raw, sql.ref, …). */
const SQL_TAG = /\bsql\s*(<[^`;]*>)?\s*`|\bsql\s*\.\s*(raw|ref|lit|id|table|join|val|value)\s*\(/g;
/** `import { … } from 'kysely'` without `type`: a value (sql, expressionBuilder, …), not just types. */
const KYSELY_VALUE_IMPORT = /^\s*import\s+(?!type\b)[^'"]*from\s*['"]kysely['"]/gm;

function routeFiles(dir: string = ROUTES, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) routeFiles(p, out);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(p);
  }
  return out;
}

/** Comments blanked (line breaks kept, so line numbers stay), so a comment naming a call is not one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));
}

/** `file:line: what` for every query a route file `file` (absolute) with content `text` holds. */
function queriesIn(file: string, text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const re of [BUILDER_CALL, SQL_TAG, KYSELY_VALUE_IMPORT]) {
    for (const m of code.matchAll(re)) {
      const line = code.slice(0, m.index).split('\n').length;
      found.push(`${path.relative(ROOT, file)}:${line}: ${m[0].trim()}`);
    }
  }
  return found;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

/** Resolves a relative import of `from` to a route file, or null when it leaves the route files. */
function resolveRoute(from: string, spec: string, files: Set<string>): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) if (files.has(candidate)) return candidate;
  return null;
}

/** The import cycles among route files, each as its files in import order. */
function routeImportCycles(sources: Map<string, string>): string[][] {
  const files = new Set(sources.keys());
  const edges = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const to: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveRoute(file, m[1], files);
      if (target) to.push(target);
    }
    edges.set(file, to);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of edges.get(f) ?? []) {
      if (state.get(t) === 'open') cycles.push(stack.slice(stack.indexOf(t)).map((p) => path.relative(ROOT, p)));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...files].sort()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('route files hold no SQL (docs/architecture.md)', () => {
  const files = routeFiles();

  it('finds the route files, in subfolders too', () => {
    expect(files.some((f) => f.endsWith(path.join('routes', 'alarms.ts')))).toBe(true);
    expect(files.some((f) => f.includes(`${path.sep}admin${path.sep}`))).toBe(true);
  });

  it('no route file builds a query, opens a transaction or writes sql', () => {
    expect(files.flatMap((f) => queriesIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('no import cycle among route files', () => {
    expect(routeImportCycles(new Map(files.map((f) => [f, readFileSync(f, 'utf8')])))).toEqual([]);
  });

  it('would catch each kind of query, and not a comment naming one', () => {
    const planted = path.join(ROUTES, 'planted.ts');
    const lines = [
      "await db.selectFrom('alarms').selectAll().execute();",
      "await deps.db\n  .insertInto('boards').values(row).execute();",
      "await tx.updateTable('users').set({ disabled: true }).execute();",
      "await db.deleteFrom('devices').execute();",
      'await db.transaction().execute(async (tx) => tx);',
      'const n = sql<number>`count(*)`;',
      "const t = sql.ref('a.b');",
      "import { sql } from 'kysely';",
      "await db.schema.createTable('x').execute();",
    ];
    for (const l of lines) expect(queriesIn(planted, l), l).toHaveLength(1);
    expect(queriesIn(planted, "// db.selectFrom('alarms') used to be here\n/* sql`x` */")).toEqual([]);
    expect(queriesIn(planted, "import type { Kysely } from 'kysely';\nawait listAlarms(db, projectId);")).toEqual([]);
    expect(queriesIn(planted, "const a = 1;\nawait db.selectFrom('x');")[0]).toMatch(/planted\.ts:2: /);
  });

  it('would catch an import cycle', () => {
    const a = path.join(ROUTES, 'a.ts');
    const b = path.join(ROUTES, 'b.ts');
    const c = path.join(ROUTES, 'sub', 'index.ts');
    const cyclic = new Map([
      [a, "import { x } from './sub';"],
      [b, "import { y } from './a';"],
      [c, "import { z } from '../b';"],
    ]);
    expect(routeImportCycles(cyclic)).toHaveLength(1);
    expect(routeImportCycles(new Map([[a, "import { x } from './b';"], [b, "import { s } from '../../storage';"]]))).toEqual([]);
  });
});
