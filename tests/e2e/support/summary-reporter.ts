import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

/** Ends the run's output with one plain line: "e2e: 24 passed, 0 failed, 1 flaky, 0 skipped". */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  printsToStdio(): boolean {
    return true;
  }

  onEnd(result: FullResult): void {
    const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected') counts.passed++;
      else if (outcome === 'unexpected') counts.failed++;
      else if (outcome === 'flaky') counts.flaky++;
      else counts.skipped++;
    }
    const status = result.status === 'passed' ? '' : ` (run ${result.status})`;
    console.log(
      `e2e: ${counts.passed} passed, ${counts.failed} failed, ${counts.flaky} flaky, ${counts.skipped} skipped${status}`,
    );
  }
}
