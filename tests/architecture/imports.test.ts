import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may import whom (ARCHITECTURE.md "Layout"). ESLint's TypeScript parser needs the TypeScript 5
 * JS API, which TypeScript 7 does not have (STACK.md), so the rule is checked here over the import
 * graph: every `import … from '…'` and `import('…')` in source files (tests included, since a test
 * reaching across a boundary hides the same coupling).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Area = 'protocol' | 'server' | 'streams' | 'workers' | 'src/stores' | 'src/panels' | 'src/board' | 'src/other' | 'fixtures' | 'tests' | 'bench' | 'scripts';

/** Our own areas each area may import (besides itself). */
const ALLOWED: Record<Area, Area[]> = {
  protocol: [],
  server: ['protocol'],
  streams: ['protocol'],
  workers: ['protocol', 'streams'],
  'src/stores': ['protocol', 'streams', 'workers', 'src/other'],
  'src/panels': ['protocol', 'src/stores', 'src/other'],
  'src/board': ['protocol', 'src/stores', 'src/other'],
  'src/other': ['protocol', 'src/stores', 'src/panels', 'src/board', 'workers'],
  fixtures: ['protocol', 'server'],
  tests: ['protocol', 'server', 'streams', 'workers', 'src/stores', 'src/panels', 'src/board', 'src/other', 'fixtures'],
  bench: ['protocol', 'server', 'streams', 'workers', 'src/stores', 'src/panels', 'src/board', 'src/other', 'fixtures'],
  scripts: [],
};

/** Packages an area must not use directly. */
const FORBIDDEN_PACKAGES: Partial<Record<Area, RegExp>> = {
  protocol: /^(?!zod$)/, // protocol imports only zod
  streams: /^(react|mobx|mobx-react-lite|comlink)(\/|$)/,
  'src/panels': /^(socket\.io-client|comlink)(\/|$)/,
  'src/board': /^(socket\.io-client|comlink)(\/|$)/,
};

/** Packages any test file may use. */
const TEST_PACKAGES = /^(vitest|@testing-library\/|mock-socket|socket\.io$|mqtt$|aedes$)/;

function areaOf(file: string): Area | null {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src') {
    if (rel[1] === 'stores' || rel[1] === 'panels' || rel[1] === 'board') return `src/${rel[1]}` as Area;
    return 'src/other';
  }
  return (['protocol', 'server', 'streams', 'workers', 'fixtures', 'tests', 'bench', 'scripts'] as const).find((a) => a === rel[0]) ?? null;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function violations(): string[] {
  const found: string[] = [];
  const dirs = ['protocol', 'server', 'streams', 'workers', 'src', 'fixtures', 'tests', 'bench'].map((d) => path.join(ROOT, d));
  for (const file of dirs.flatMap((d) => sourceFiles(d))) {
    const from = areaOf(file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    // Unit tests live beside the code they test and may use the test tooling and tests/helpers; src/test/
    // is that tooling (only tests import it), so it may too.
    const isTest = /\.test\.tsx?$/.test(file) || /[\\/]src[\\/]test[\\/]/.test(file);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const where = `${path.relative(ROOT, file)} imports '${spec}'`;
      if (spec.startsWith('.')) {
        const to = areaOf(path.resolve(path.dirname(file), spec));
        if (!to || to === from || (isTest && to === 'tests')) continue;
        // Panels are plugins: one panel type never reaches into another's folder.
        if (!ALLOWED[from].includes(to)) found.push(`${where} (${from} → ${to})`);
      } else if (!spec.startsWith('node:') && !spec.startsWith('virtual:')) {
        const forbidden = FORBIDDEN_PACKAGES[from];
        if (isTest && TEST_PACKAGES.test(spec)) continue;
        if (forbidden?.test(spec)) found.push(`${where} (package not allowed in ${from})`);
      }
    }
    if (from === 'src/panels') {
      const own = path.relative(path.join(ROOT, 'src', 'panels'), file).split(path.sep)[0];
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (!spec.startsWith('.')) continue;
        const target = path.relative(path.join(ROOT, 'src', 'panels'), path.resolve(path.dirname(file), spec)).split(path.sep);
        if (target.length > 1 && !target[0].startsWith('..') && target[0] !== own) found.push(`${path.relative(ROOT, file)} imports panel '${target[0]}'`);
      }
    }
  }
  return found;
}

describe('import boundaries (ARCHITECTURE.md)', () => {
  it('no module imports across a boundary it may not cross', () => {
    expect(violations()).toEqual([]);
  });

  it('would catch a crossing', () => {
    // The checker itself: the classification a violation depends on.
    expect(areaOf(path.join(ROOT, 'src/panels/GasTrend/GasTrendPanel.tsx'))).toBe('src/panels');
    expect(ALLOWED['src/panels']).not.toContain('streams');
    expect(ALLOWED.server).toEqual(['protocol']);
    expect(FORBIDDEN_PACKAGES['src/panels']?.test('socket.io-client')).toBe(true);
    expect(FORBIDDEN_PACKAGES.protocol?.test('zod')).toBe(false);
    expect(FORBIDDEN_PACKAGES.protocol?.test('react')).toBe(true);
  });
});
