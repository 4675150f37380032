// Counting the tests of one `npm test` step for the closing "Tests: N passed, N failed" line.
import path from 'node:path';

/**
 * Counts of a Vitest JSON report (`--reporter=json`). A failed test counts once: Vitest also marks the
 * describe blocks and the file around it as failed suites, which must not count again. A file that failed
 * without any failed test (an import error, a failing hook) counts as one failure, so it cannot go unseen.
 * @param {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests: number,
 *   testResults?: Array<{ status: string, assertionResults?: Array<{ status: string }> }> }} report
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
export function countVitest(report) {
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/**
 * Counts of a Playwright JSON report: a test that passed on retry (flaky) counts as passed.
 * @param {{ stats: { expected: number, flaky: number, unexpected: number, skipped: number } }} report
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
export function countPlaywright(report) {
  const s = report.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

/**
 * Names of what failed in a Vitest JSON report, as "file › full test name" (a file that failed without a
 * failed test appears with its own message's first line), so the closing lines of `npm test` say which test
 * broke even when a CI log keeps only its tail.
 * @param {{ testResults?: Array<{ name: string, status: string, message?: string,
 *   assertionResults?: Array<{ status: string, fullName: string }> }> }} report
 * @param {string} root path the file names are made relative to
 * @returns {string[]}
 */
export function failedVitest(report, root) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) names.push(`${rel} › ${t.fullName}`);
    if (file.status === 'failed' && failed.length === 0) names.push(`${rel} › ${(file.message ?? 'failed to run').split('\n')[0]}`);
  }
  return names;
}

/**
 * Names of the Playwright tests that failed on every try, as "file:line › title" with the file relative
 * to `root` (Playwright names it relative to its testDir).
 * @param {{ config?: { rootDir?: string }, suites?: Array<any> }} report Playwright's JSON report
 * @param {string} root path the file names are made relative to
 * @returns {string[]}
 */
export function failedPlaywright(report, root) {
  const testDir = report.config?.rootDir ?? root;
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(root, path.resolve(testDir, spec.file));
      if ((spec.tests ?? []).some((t) => t.status === 'unexpected')) names.push(`${file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  return names;
}
