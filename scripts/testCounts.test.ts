import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without type declarations
import { countVitest } from './testCounts.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// Inside the project so the fixture's `import 'vitest'` resolves from the project's node_modules.
const dir = path.join(ROOT, '.tmp', `count-fixture-${process.pid}`);

/** Runs the real Vitest on fixture files and returns its JSON report. */
function vitestReport(files: Record<string, string>): unknown {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default {};\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const out = path.join(dir, 'report.json');
  spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', '--root', dir, '--reporter=json', `--outputFile=${out}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  return JSON.parse(readFileSync(out, 'utf8'));
}

describe('npm test closing line counts tests, not suites', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts one failed test inside nested describes as one failure', () => {
    const report = vitestReport({
      'a.test.mjs': `import { describe, it, expect } from 'vitest';
describe('outer', () => { describe('inner', () => {
  it('passes', () => expect(1).toBe(1));
  it('fails', () => expect(1).toBe(2));
  it.skip('skipped', () => {});
}); });`,
    });
    expect(countVitest(report)).toEqual({ passed: 1, failed: 1, skipped: 1 });
  }, 60_000);

  it('counts a file that cannot load as one failure', () => {
    const report = vitestReport({
      'ok.test.mjs': `import { it, expect } from 'vitest'; it('passes', () => expect(true).toBe(true));`,
      'broken.test.mjs': `import { it } from 'vitest'; import './missing-module.mjs'; it('never runs', () => {});`,
    });
    expect(countVitest(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
  }, 60_000);
});
