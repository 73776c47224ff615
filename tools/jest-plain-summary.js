const { writeSync } = require('node:fs');

/**
 * Ends a Jest run with one plain line, `tests: N passed, N failed`, that CI tools read
 * without knowing Jest's own summary format. Written at exit so that it is the last line,
 * after Jest's summary.
 */
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    // A suite that fails to load has no failed test of its own: count it, so the line never
    // reads "0 failed" for a broken run.
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `tests: ${results.numPassedTests} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`;
    process.once('exit', () => writeSync(1, line));
  }
}

module.exports = PlainSummaryReporter;
