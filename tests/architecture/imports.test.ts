import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may import whom (docs/architecture.md "Layers and who may import whom"). ESLint's TypeScript parser needs the TypeScript 5
 * JS API, which TypeScript 7 does not have, so the rule is checked here over the import
 * graph: every `import … from '…'` and `import('…')` in source files (tests included, since a test
 * reaching across a boundary hides the same coupling).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Area = 'protocol' | 'server' | 'streams' | 'workers' | 'src/stores' | 'src/panelData' | 'src/panels' | 'src/board' | 'src/other' | 'fixtures' | 'tests' | 'bench' | 'scripts';

/** Our own areas each area may import (besides itself). */
const ALLOWED: Record<Area, Area[]> = {
  protocol: [],
  server: ['protocol'],
  streams: ['protocol'],
  workers: ['protocol', 'streams'],
  'src/stores': ['protocol', 'streams', 'workers', 'src/other'],
  // The panel-data seam: the one place that reads the live store, the workers and REST for panels.
  'src/panelData': ['protocol', 'src/stores', 'workers', 'src/other'],
  // Panels read data only through src/panelData (see PANEL_FORBIDDEN for what they may not reach).
  'src/panels': ['protocol', 'src/panelData', 'src/stores', 'src/other'],
  'src/board': ['protocol', 'src/stores', 'src/panelData', 'src/other'],
  'src/other': ['protocol', 'src/stores', 'src/panelData', 'src/panels', 'src/board', 'workers'],
  fixtures: ['protocol', 'server'],
  tests: ['protocol', 'server', 'streams', 'workers', 'src/stores', 'src/panelData', 'src/panels', 'src/board', 'src/other', 'fixtures', 'bench', 'scripts'],
  bench: ['protocol', 'server', 'streams', 'workers', 'src/stores', 'src/panelData', 'src/panels', 'src/board', 'src/other', 'fixtures', 'scripts'],
  scripts: [],
};

/** Packages an area must not use directly. */
const FORBIDDEN_PACKAGES: Partial<Record<Area, RegExp>> = {
  protocol: /^(?!zod$)/, // protocol imports only zod
  streams: /^(react|mobx|mobx-react-lite|comlink)(\/|$)/,
  'src/panels': /^(socket\.io-client|comlink)(\/|$)/,
  'src/board': /^(socket\.io-client|comlink)(\/|$)/,
};

/**
 * Paths (relative to the repository, without extension) panels must not import: the live store and its
 * feeds, workers, streams and REST. Built-in panels (every folder but `custom`, which wires custom
 * modules into the registry) may not import src/stores at all: they read data only through src/panelData.
 */
const PANEL_FORBIDDEN = [/^src\/stores\/(LiveStore|feeds|RootStore)(\.tsx?)?$/, /^src\/api(\/|$)/, /^workers(\/|$)/, /^streams(\/|$)/];
const BUILT_IN_PANEL_FORBIDDEN = /^src\/stores(\/|$)/;

/** Packages any test file may use. */
const TEST_PACKAGES = /^(vitest|@testing-library\/|mock-socket|socket\.io$|mqtt$|aedes$)/;

function areaOf(file: string): Area | null {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src') {
    if (rel[1] === 'stores' || rel[1] === 'panels' || rel[1] === 'board' || rel[1] === 'panelData') return `src/${rel[1]}` as Area;
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

/** Unit tests and src/test/ (the test tooling, imported by tests only). */
function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /[\\/]src[\\/]test[\\/]/.test(file);
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function violations(): string[] {
  const dirs = ['protocol', 'server', 'streams', 'workers', 'src', 'fixtures', 'tests', 'bench'].map((d) => path.join(ROOT, d));
  return dirs.flatMap((d) => sourceFiles(d)).flatMap((file) => violationsOf(file, readFileSync(file, 'utf8')));
}

/** The boundary crossings of one source file `file` (absolute path) with content `text`. */
function violationsOf(file: string, text: string): string[] {
  const found: string[] = [];
  {
    const from = areaOf(file);
    if (!from) return found;
    // Unit tests live beside the code they test and may use the test tooling and tests/helpers; src/test/
    // is that tooling (only tests import it), so it may too.
    const isTest = isTestFile(file);
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
        const targetRel = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
        if (PANEL_FORBIDDEN.some((re) => re.test(targetRel)) || (own !== 'custom' && !isTestFile(file) && BUILT_IN_PANEL_FORBIDDEN.test(targetRel))) {
          found.push(`${path.relative(ROOT, file)} imports '${spec}' (panels read data through src/panelData only)`);
        }
        const target = path.relative(path.join(ROOT, 'src', 'panels'), path.resolve(path.dirname(file), spec)).split(path.sep);
        if (target.length > 1 && !target[0].startsWith('..') && target[0] !== own) found.push(`${path.relative(ROOT, file)} imports panel '${target[0]}'`);
      }
    }
  }
  return found;
}

describe('import boundaries (docs/architecture.md)', () => {
  it('no module imports across a boundary it may not cross', () => {
    expect(violations()).toEqual([]);
  });

  it('catches a panel that reaches past the panel-data seam', () => {
    const planted = path.join(ROOT, 'src/panels/GasTable/Planted.tsx');
    const lines = [
      "import { LiveStore } from '../../stores/LiveStore';",
      "import { createRequest } from '../../api/request';",
      "import { createTelemetry } from '../../../workers/telemetry/Telemetry';",
      "import { TopicHub } from '../../../streams/topicHub';",
      "import { useStores } from '../../stores';",
    ];
    const found = violationsOf(planted, lines.join('\n'));
    for (const line of lines) expect(found.some((v) => v.includes(`'${line.split("'")[1]}'`))).toBe(true);
    expect(violationsOf(planted, "import { useDevices } from '../../panelData';\nimport { PanelMessage } from '../../components';")).toEqual([]);
    // The custom-panel wiring may use the root store (notices, the registry), never the live store.
    const custom = path.join(ROOT, 'src/panels/custom/Wiring.tsx');
    expect(violationsOf(custom, "import { useStores } from '../../stores';")).toEqual([]);
    expect(violationsOf(custom, "import { LiveStore } from '../../stores/LiveStore';")).toHaveLength(1);
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
