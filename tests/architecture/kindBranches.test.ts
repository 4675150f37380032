import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVICE_KINDS } from '../../protocol';

/**
 * The device-kind seam (docs/architecture.md "Device kinds: one descriptor each"): outside protocol/kinds no
 * code branches on a kind's name. What a kind does is a property of its descriptor read through the
 * registry, so adding a kind touches the files "Adding a device kind" lists and no others. Found here, in
 * source with comments removed, for every registered kind name K:
 * - a comparison `=== 'K'` / `!== 'K'` (either side), or in a query `.where(…, '=', 'K')` (`<>`, `!=` too);
 * - `case 'K':`;
 * - an object literal keyed by kind: one whose keys include two or more kind names (a table per kind).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the rule holds: every source area but protocol/kinds (where the kinds are declared). */
const SCANNED = ['protocol', 'server', 'streams', 'workers', 'src', 'fixtures'];

/**
 * Uses that are allowed, each with its reason: file (relative, '/'-separated) and the text found.
 * Test files are not scanned at all: tests and src/test/ tooling pick devices of a concrete kind on purpose
 * (a gas station's reading, a beacon's SOS, MQTT topics built from kind names), and they are not what a new
 * kind has to touch.
 */
export const EXEMPT: readonly { file: string; found: string; reason: string }[] = [
  {
    file: 'server/simulator/kinds.ts',
    found: 'object keyed by gas, beacon, towerCrane, camera, constructionElevator, bridgeGirderErector, gantryCrane, yardCrane, environment, tunnelProgress, cycleStage, gate, fogCannon, vehicle, cabFace',
    reason: 'KIND_SIMULATORS: the simulator model of each kind, a Record over every kind so the build fails until a new kind has one (one of the files "Adding a device kind" lists)',
  },
  { file: 'src/components/home/labels.ts', found: 'object keyed by gas, environment', reason: 'ALARM_GROUP_LABEL: keyed by alarm group (protocol/alarmGroups.ts), whose names `gas` and `environment` are also kind names' },
  { file: 'src/board/boardAlarms.ts', found: "=== 'gas'", reason: "an alarm's priority class (src/components/alarmRank.ts KIND_PRIORITY), not a device kind" },
  { file: 'src/panels/Headline/HeadlinePanel.tsx', found: "=== 'gas'", reason: "the headline's figure `gas` (worst gas reading), not a device kind" },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Comments blanked out (strings and template literals kept, so `'http://…'` is not a comment). */
export function stripComments(text: string): string {
  return text.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('//') || m.startsWith('/*') ? m.replace(/[^\n]/g, ' ') : m));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The kind-name branches in `text` (one source file), as the text found; `kinds` are the registered names. */
export function kindBranchesIn(text: string, kinds: readonly string[]): string[] {
  const code = stripComments(text);
  const names = kinds.map(escape).join('|');
  const found: string[] = [];
  const compare = new RegExp(`[!=]==\\s*(['"])(${names})\\1|(['"])(${names})\\3\\s*[!=]==`, 'g');
  for (const m of code.matchAll(compare)) found.push(`${m[0].includes('!==') ? '!==' : '==='} '${m[2] ?? m[4]}'`);
  const query = new RegExp(`(['"])(=|<>|!=)\\1\\s*,\\s*(['"])(${names})\\3`, 'g');
  for (const m of code.matchAll(query)) found.push(`'${m[2]}', '${m[4]}'`);
  const caseOf = new RegExp(`\\bcase\\s+(['"])(${names})\\1\\s*:`, 'g');
  for (const m of code.matchAll(caseOf)) found.push(`case '${m[2]}'`);
  // keys of object literals: a kind name (quoted or not) after `{` or `,`, followed by `:` (not `::`, not `?:`)
  const key = new RegExp(`([{,]\\s*)(['"]?)(${names})\\2\\s*:(?!:)`, 'g');
  const byObject = new Map<number, Set<string>>();
  for (const m of code.matchAll(key)) {
    const open = enclosingBrace(code, m.index + m[1].length);
    if (open < 0) continue;
    const set = byObject.get(open) ?? new Set<string>();
    set.add(m[3]);
    byObject.set(open, set);
  }
  for (const set of byObject.values()) if (set.size >= 2) found.push(`object keyed by ${[...set].join(', ')}`);
  return found;
}

/** The index of the `{` that encloses `at` (braces inside strings are not counted), or -1. */
function enclosingBrace(code: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = code[i];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Every kind-name branch outside protocol/kinds, as `file: found`, exemptions left out unless `all`. */
export function kindBranches(root: string, kinds: readonly string[], all = false): string[] {
  const out: string[] = [];
  for (const dir of SCANNED) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (rel.startsWith('protocol/kinds/') || /\.test\.tsx?$/.test(rel) || rel.startsWith('src/test/')) continue;
      for (const found of kindBranchesIn(readFileSync(file, 'utf8'), kinds)) {
        if (!all && EXEMPT.some((e) => e.file === rel && e.found === found)) continue;
        out.push(`${rel}: ${found}`);
      }
    }
  }
  return out;
}

describe('the device-kind seam (docs/architecture.md "Device kinds")', () => {
  it('no file outside protocol/kinds branches on a kind name', () => {
    expect(kindBranches(ROOT, DEVICE_KINDS)).toEqual([]);
  });

  it('every exemption is still needed', () => {
    const found = new Set(kindBranches(ROOT, DEVICE_KINDS, true));
    expect(EXEMPT.filter((e) => !found.has(`${e.file}: ${e.found}`))).toEqual([]);
  });

  it('catches comparisons, cases and tables keyed by kind, and nothing in comments, strings or single keys', () => {
    const kinds = ['gas', 'beacon', 'towerCrane'];
    const planted = [
      "if (d.kind === 'gas') return 1;",
      "const people = 'beacon' !== kind;",
      'switch (kind) { case "towerCrane": break; }',
      "db.selectFrom('devices').where('kind', '=', 'beacon');",
      "const T = { gas: 1, 'beacon': 2 };",
    ].join('\n');
    expect(kindBranchesIn(planted, kinds)).toEqual(["=== 'gas'", "!== 'beacon'", "'=', 'beacon'", "case 'towerCrane'", 'object keyed by gas, beacon']);
    const legitimate = [
      "// kind === 'gas' in a comment",
      "/* case 'beacon': */",
      "const topic = deviceTopic('p1', 'gas', 'GS-1');",
      "const url = 'http://x/gas';",
      "const labels = { gas: msg, people: msg2 };",
      "const names = ['gas', 'beacon'];",
      "db.selectFrom('devices').where('project_id', '=', 'gas-site');",
      "if (figure === 'gasTable') return;",
    ].join('\n');
    expect(kindBranchesIn(legitimate, kinds)).toEqual([]);
  });
});
