import { defineConfig } from 'vitest/config';

// One run over every unit, component and API test of the workspace; end-to-end tests are Playwright's (e2e/).
// TEST_REPORT_DIR (set by .ci/run) adds a JSON report that CI adds up into its closing "N passed, N failed" line.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // PGlite and jsdom are CPU-bound: two files at a time on a 2-core machine.
    maxWorkers: 2,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir
      ? { json: `${reportDir}/vitest-${process.env.TEST_REPORT_NAME ?? 'unit'}.json` }
      : {},
  },
});
