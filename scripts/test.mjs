// `npm test`: every test — typecheck, unit (Vitest), integration (real server, MQTT, socket.io),
// build, end-to-end (Playwright in Debian's Chromium). Ends with one line "Tests: N passed, N failed".
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureChromium, run } from './lib.mjs';
import { ensureTestServices } from './services.mjs';
import { countPlaywright, countVitest, failedPlaywright, failedVitest } from './testCounts.mjs';

const out = path.join(ROOT, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (step) => only.length === 0 || only.includes(step);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];

/** The counts of a step's Vitest report; its failed tests' names join `failedTests`. */
function readVitest(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  failedTests.push(...failedVitest(report, ROOT));
  return countVitest(report);
}
/** The counts of the Playwright report; its failed tests' names join `failedTests`. */
function readPlaywright(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  failedTests.push(...failedPlaywright(report, ROOT));
  return countPlaywright(report);
}
async function step(name, fn, counts) {
  console.log(`\n=== ${name} ===`);
  const code = await fn();
  const c = counts?.();
  if (c) for (const k of Object.keys(totals)) totals[k] += c[k];
  if (code !== 0) {
    failedSteps.push(name);
    if (c && c.failed === 0) totals.failed += 1; // the step failed without a failing test (crash, type error)
    if (!c) totals.failed += 1;
  } else if (!c) totals.passed += 1;
}

// A real Mosquitto for the external-broker and fault tests, and Redis and PostgreSQL for the cluster test: installed
// here (apt-get, once) rather than inside a test, where the install would count against a test's time limit.
if (want('unit') || want('integration')) {
  try {
    ensureTestServices();
  } catch (e) {
    console.error(`[siteboard] ${e.message}: the external-broker and cluster tests will fail`);
  }
}

if (want('typecheck')) await step('typecheck', () => run('tsc', ['--noEmit', '-p', 'tsconfig.json']));
if (want('unit')) {
  const f = path.join(out, 'unit.json');
  await step('unit', () => run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${f}`]), () => readVitest(f));
}
if (want('integration')) {
  const f = path.join(out, 'integration.json');
  const integration = (files = []) => run('vitest', ['run', '--config', 'vitest.integration.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${f}`, ...files]);
  await step(
    'integration',
    async () => {
      const code = await integration();
      // A file whose worker died without a failing test (V8 aborted once with SIGTRAP in a JIT check while
      // PGlite's wasm ran) is run once more on its own; a failing test is never retried.
      if (code === 0 || !existsSync(f)) return code;
      const report = JSON.parse(readFileSync(f, 'utf8'));
      const crashed = (report.testResults ?? []).filter((r) => r.status === 'failed' && !(r.assertionResults ?? []).some((t) => t.status === 'failed'));
      if (report.numFailedTests > 0 || crashed.length === 0) return code;
      console.log(`\n[siteboard] ${crashed.length} integration file(s) crashed without a failing test; running them once more`);
      const first = countVitest(report);
      const again = await integration(crashed.map((r) => r.name));
      const second = countVitest(JSON.parse(readFileSync(f, 'utf8')));
      // the counts: every file of the first run that did not crash, plus the re-run files
      writeFileSync(f, JSON.stringify({ ...report, numPassedTests: first.passed + second.passed, numFailedTests: second.failed, numPendingTests: first.skipped + second.skipped, numTodoTests: 0, testResults: [] }));
      return again;
    },
    () => readVitest(f),
  );
}
if (want('e2e')) {
  await step('build', () => run('vite', ['build', '--logLevel', 'warn']));
  let chromium;
  try {
    chromium = ensureChromium();
  } catch (e) {
    console.error(String(e.message));
  }
  const f = path.join(out, 'e2e.json');
  await step('e2e', () =>
    chromium
      ? run('playwright', ['test', '--reporter=list,json'], { env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: f } })
      : Promise.resolve(1),
    () => readPlaywright(f),
  );
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((n) => `  ${n}`).join('\n')}`);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
