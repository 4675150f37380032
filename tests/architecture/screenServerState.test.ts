import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Screens read server state through stores (docs/architecture.md "Server state of the screens"): the
 * components (`.tsx`) under src/app/screens and src/board show kept queries (`useQuery`,
 * src/stores/QueryStore.ts) or a store's state, and change server state through the stores
 * (`queries.mutate`). So none of them calls `request(` itself, and none defines its own loading effect: a
 * `useEffect` that sends a call or takes its answer into the component (`request(`, `fetch(`, `.then(`,
 * `await`); an effect that only starts a store's load (`root.openProject`) is the store's. The
 * per-component loaders that did (`useLoad`, `useAdminData`) are gone from src/.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCREEN_DIRS = ['src/app/screens', 'src/board'].map((d) => path.join(ROOT, d));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Effects that take an answer and why they may: not REST, not server state of a screen. Each entry is
 * `file: number of such effects`.
 */
const EXEMPT: Record<string, number> = {
  // the replay range chart reads the panel-data source's series window (the worker's M4 frames), the
  // same seam panels read through (docs/architecture.md "Adding a panel")
  'src/board/timeControls/RangeChart.tsx': 1,
};

/** The text between the parenthesis opening at `open` and its match (strings and comments are not special-cased: effects rarely hold a stray parenthesis). */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const LOADING = /\brequest\s*\(|\bfetch(Route)?\s*\(|\.then\s*\(|\bawait\b/;

/** What a component file does that belongs in a store: its direct `request(` calls and its loading effects, by line. */
function serverStateInComponent(text: string): { requests: number[]; loadingEffects: number[] } {
  const line = (index: number) => text.slice(0, index).split('\n').length;
  const requests = [...text.matchAll(/(?<![\w.]function\s)\brequest\s*\(/g)].map((m) => line(m.index));
  const loadingEffects: number[] = [];
  for (const m of text.matchAll(/\buse(Layout)?Effect\s*\(/g)) {
    if (LOADING.test(balanced(text, m.index + m[0].length - 1))) loadingEffects.push(line(m.index));
  }
  return { requests, loadingEffects };
}

describe('screens read server state through stores', () => {
  it('finds a direct call and a loading effect, and leaves a query and a timer effect alone', () => {
    const direct = ['useEffect(() => {', '  let live = true;', "  root.request(PEOPLE.zoneList, { projectId }).then((z) => live && setZones(z));", '  return () => { live = false; };', '}, [projectId]);'].join('\n');
    expect(serverStateInComponent(direct)).toEqual({ requests: [3], loadingEffects: [1] });
    const awaited = 'useEffect(() => { void (async () => setStatus(await store.status()))(); }, []);';
    expect(serverStateInComponent(awaited).loadingEffects).toEqual([1]);
    const store = ['const zones = useQuery(PEOPLE.zoneList, { projectId });', 'useEffect(() => {', '  const id = setInterval(tick, 1000);', '  return () => clearInterval(id);', '}, []);'].join('\n');
    expect(serverStateInComponent(store)).toEqual({ requests: [], loadingEffects: [] });
  });

  it('no component under src/app/screens or src/board calls request( or loads in an effect of its own', () => {
    const found: string[] = [];
    const components = SCREEN_DIRS.flatMap(sourceFiles).filter((f) => f.endsWith('.tsx'));
    expect(components.length).toBeGreaterThan(50);
    for (const file of components) {
      const { requests, loadingEffects } = serverStateInComponent(readFileSync(file, 'utf8'));
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (EXEMPT[rel] !== undefined && loadingEffects.length === EXEMPT[rel]) loadingEffects.length = 0;
      for (const l of requests) found.push(`${rel}:${l} calls request( (show a query with useQuery, change through queries.mutate)`);
      for (const l of loadingEffects) found.push(`${rel}:${l} loads in an effect (use useQuery or a store)`);
    }
    expect(found).toEqual([]);
  });

  it('keeps no per-component loader (useLoad, useAdminData) in src/', () => {
    const found = sourceFiles(path.join(ROOT, 'src')).filter((f) => /\b(useLoad|useAdminData)\b/.test(readFileSync(f, 'utf8')));
    expect(found.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
