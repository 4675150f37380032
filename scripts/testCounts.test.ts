import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without type declarations
import { countPlaywright, countVitest, failedPlaywright, failedVitest } from './testCounts.mjs';

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

  it('names the failed test and the file that cannot load, relative to the root', () => {
    const report = vitestReport({
      'a.test.mjs': `import { describe, it, expect } from 'vitest';
describe('outer', () => { it('passes', () => expect(1).toBe(1)); it('fails', () => expect(1).toBe(2)); });`,
      'broken.test.mjs': `import { it } from 'vitest'; import './missing-module.mjs'; it('never runs', () => {});`,
    });
    const names = failedVitest(report, dir).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('a.test.mjs › outer fails');
    expect(names[1]).toMatch(/^broken\.test\.mjs › .*missing-module/);
  }, 60_000);

  it('names the Playwright test that failed and not the one that passed', () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    // No page fixture: Playwright runs these without a browser.
    writeFileSync(path.join(dir, 'playwright.config.mjs'), `export default { testDir: '.', retries: 0, reporter: [['json', { outputFile: 'pw.json' }]] };\n`);
    writeFileSync(
      path.join(dir, 'x.spec.mjs'),
      `import { test, expect } from '@playwright/test';
test('adds', () => expect(1 + 1).toBe(2));
test('breaks', () => expect(1).toBe(2));\n`,
    );
    spawnSync(path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test', '-c', 'playwright.config.mjs'], { cwd: dir, encoding: 'utf8' });
    const report = JSON.parse(readFileSync(path.join(dir, 'pw.json'), 'utf8'));
    expect(countPlaywright(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
    expect(failedPlaywright(report, path.dirname(dir))).toEqual([`${path.basename(dir)}/x.spec.mjs:3 › breaks`]);
  }, 60_000);
});
