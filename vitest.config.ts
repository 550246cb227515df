import { configDefaults, defineConfig } from 'vitest/config';
import { ownWindow } from './apps/web/vitest.own-window.config.ts';

// One run over every unit, component and API test of the workspace; end-to-end tests are Playwright's (e2e/).
// TEST_REPORT_DIR (set by .ci/run) adds a JSON report that CI adds up into its closing "N passed, N failed" line.
const reportDir = process.env.TEST_REPORT_DIR;

// The web suite runs on three device clocks (decisions D5: times follow the team's zone, never the device's): Moscow
// ('web', the one `--project web` names), Berlin and New York, both with daylight saving time. `--project 'web*'`
// runs all three.
const deviceZones = {
  web: 'Europe/Moscow',
  'web-berlin': 'Europe/Berlin',
  'web-new-york': 'America/New_York',
};
// Screens that show, take and compute no date or time run on the Moscow clock only: on the other two they would test
// the same thing again (about 40 s of CI on 2 cores). A screen that gains a date leaves this list.
const withoutDates = [
  'test/add-employee.test.tsx',
  'test/auth.test.tsx',
  'test/channel.test.tsx',
  'test/create-channel.test.tsx',
  'test/employees.test.tsx',
  'test/referral.test.tsx',
];
// The files of a worker share one jsdom window and one module graph (isolate: false): a fresh window and a fresh
// import of React, the router and the app for every file were half of the web suite's time (about 250 s of CI to
// 130 s). Every screen test renders through renderApp (its own router, memory history and query client) and
// test/setup.ts clears the DOM, storage and toasts after each test. A file that drives the window's own history
// runs in a window of its own (apps/web/vitest.own-window.config.ts).
const webProjects = [
  ...Object.entries(deviceZones).map(([name, zone]) => ({
    extends: './apps/web/vitest.config.ts',
    root: './apps/web',
    test: {
      name,
      env: { TZ: zone },
      isolate: false,
      exclude: [...configDefaults.exclude, ...ownWindow, ...(name === 'web' ? [] : withoutDates)],
    },
  })),
  // Its own config file: an `extends` of the web config would add that config's `include` to this one.
  './apps/web/vitest.own-window.config.ts',
];

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', ...webProjects],
    // PGlite and jsdom are CPU-bound: two files at a time on a 2-core machine.
    maxWorkers: 2,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir
      ? { json: `${reportDir}/vitest-${process.env.TEST_REPORT_NAME ?? 'unit'}.json` }
      : {},
  },
});
