// Counting the tests of one `npm test` step for the closing "Tests: N passed, N failed" line.

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
