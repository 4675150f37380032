import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: code, tests and docs cite a docs/ section or a public standard, never the
 * team's tracker (a ticket number and section mean nothing to a reader of the code or of the docs).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const AREAS = ['protocol', 'server', 'streams', 'workers', 'src', 'tests', 'bench', 'scripts', 'fixtures', 'docs'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js|md)$/;
const SKIP = new Set(['node_modules', 'dist', 'results', 'locales']);
/** The word for a tracker ticket followed by its number (any case, singular or plural); not "issued", nor a GitHub URL. */
const ISSUE_CITATION = /\b[Ii]ssues? #?\d+/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (EXTENSIONS.test(entry.name)) yield full;
  }
}

/** `file:line: text` of every line of `text` citing an issue number, GitHub links left aside. */
function issueCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => ISSUE_CITATION.test(line) && !/github\.com\/[^ ]+\/issues\/\d+/.test(line))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

describe('citations', () => {
  it('finds an issue number and leaves other text alone', () => {
    const cited = `// zones (${'iss' + 'ue'} 9 §4)`; // spelt in two parts so this file does not cite one itself
    expect(issueCitations('a.ts', `${cited}\n// issued at\n// see https://github.com/x/y/issues/12`)).toEqual([`a.ts:1: ${cited}`]);
  });

  it('no code, test or doc cites an issue number', () => {
    const found: string[] = [];
    for (const area of AREAS) {
      for (const file of files(path.join(ROOT, area))) {
        const rel = path.relative(ROOT, file);
        found.push(...issueCitations(rel, readFileSync(file, 'utf8')));
      }
    }
    found.push(...issueCitations('README.md', readFileSync(path.join(ROOT, 'README.md'), 'utf8')));
    expect(found).toEqual([]);
  });
});
