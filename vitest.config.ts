import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
// The other two clocks run the files that show, take or compute a date or a time: on the others they would test the
// same thing again (about 50 files, 45 s of CI on 2 cores, most of it jsdom's start per file). A file that gains a
// date joins this list; a listed file that moved or went stops the run here, so the list cannot silently shrink.
const withDates = [
  'src/components/ui/period-picker-lib.test.ts',
  'src/components/ui/period-picker.test.tsx',
  'src/features/deals/components/attribution/attribution-card.test.tsx',
  'src/features/deals/components/form/deal-payload.test.ts',
  'src/features/deals/components/marking/marking-card.test.tsx',
  'src/features/deals/components/payments/payments-card.test.tsx',
  'src/features/deals/components/post/post-card.test.tsx',
  'src/features/deals/lib/deal-search.test.ts',
  'src/features/finance/components/finance-screen.test.tsx',
  'src/features/finance/lib/chart-scale.test.ts',
  'src/lib/days.test.ts',
  'src/lib/format.test.ts',
  'src/routes/_app/channels/$id/-components/channel-finance-card.test.tsx',
  'src/routes/_app/channels/$id/-components/subscribers-card.test.tsx',
  'src/routes/_app/dashboard/-components/finance-tile.test.tsx',
  'test/auth-referral.test.tsx',
  'test/clients.test.tsx',
  'test/dashboard.test.tsx',
  'test/deal-bulk.test.tsx',
  'test/deal-cost-per-subscriber.test.tsx',
  'test/deal-form-values.test.ts',
  'test/deal-form.test.tsx',
  'test/deal-lists.test.tsx',
  'test/deal-marking.test.tsx',
  'test/deal-repeat.test.tsx',
  'test/marking-month.test.tsx',
  'test/members.test.tsx',
  'test/payroll.test.tsx',
  'test/period-filter.test.tsx',
  'test/profile-settings.test.tsx',
  'test/profile.test.tsx',
  'test/public-report.test.tsx',
  'test/schedule.test.tsx',
  'test/tariff.test.tsx',
  'test/team-clock.test.ts',
  'test/wheel-picker.test.tsx',
];
const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const webTests = ['src', 'test'].flatMap((folder) =>
  readdirSync(join(webRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `${folder}/${path}`),
);
const missing = withDates.filter((file) => !webTests.includes(file));
if (missing.length > 0)
  throw new Error(`vitest.config.ts lists web tests that do not exist: ${missing.join(', ')}`);
// As an exclude: a project that extends the web config adds its `include` to that config's.
const withoutDates = webTests.filter((file) => !withDates.includes(file));
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
