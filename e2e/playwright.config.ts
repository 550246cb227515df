import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';

// End-to-end tests in a phone viewport against the built app: `node ../apps/server/dist/server.js` serves the API
// and apps/web/dist on a free port, with its PGlite data in a fresh temp folder and demo sign-in on; Telegram is a
// local fake (fake-telegram.ts) on another free port, and VK ОРД a local fake (fake-ord.ts) on a third.
// Run from the root with `npm run test:e2e` (builds first) or, when dist is fresh, `npm test -w e2e`.

// Debian's Chromium only, a browser is never downloaded: its headless shell, the lighter build Playwright itself
// runs headless tests in, which took 30 % less time than the full browser here (decision 010). e2e's test script
// installs it first (scripts/ensure-chromium.sh); this stops a run started some other way.
const chromium = '/usr/bin/chromium-headless-shell';
if (!existsSync(chromium)) {
  console.error(
    `Chromium не найден (${chromium}): npm run test:e2e ставит его сам (scripts/ensure-chromium.sh), иначе apt-get install -y chromium-headless-shell (браузер никогда не скачивается автоматически)`,
  );
  process.exit(1);
}

// This file is loaded again in every worker process; the port and data folder chosen by the first load reach the
// workers (and the web server) through the environment, so they are chosen once per run.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
process.env.E2E_PORT ??= freePort();
// The local fake Telegram (fake-telegram.ts): public preview pages and avatars of the names in fixtures/telegram-chats.ts.
process.env.E2E_TELEGRAM_PORT ??= freePort();
// The local fake VK ОРД (fake-ord.ts): validates every call against VK ОРД's OpenAPI description; key test-ord-key.
process.env.E2E_ORD_PORT ??= freePort();
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'addesk-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Runs after the web server has been stopped.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const telegramPort = Number(process.env.E2E_TELEGRAM_PORT);
const telegramRoot = `http://127.0.0.1:${telegramPort}`;
const ordPort = Number(process.env.E2E_ORD_PORT);
const ordRoot = `http://127.0.0.1:${ordPort}`;

// TEST_REPORT_DIR (set by .ci/run) adds a JSON report that CI adds up with the Vitest ones.
const reportDir = process.env.TEST_REPORT_DIR
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.TEST_REPORT_DIR)
  : undefined;
const reporter: ReporterDescription[] = [['list']];
if (reportDir) reporter.push(['json', { outputFile: join(reportDir, 'playwright.json') }]);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without the screencast,
    // which encoded frames all through every test and doubled the suite's time on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
        colorScheme: 'dark',
        // As a phone set to reduce motion: sheets appear at once instead of sliding for half a second each time
        // (tests/motion.spec.ts keeps the sliding path covered).
        reducedMotion: 'reduce',
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // tsx from the workspace root: npx from this folder could try to download it.
      command: `node ../node_modules/tsx/dist/cli.mjs fake-telegram.ts ${telegramPort}`,
      url: `${telegramRoot}/finance_for_all`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `node ../node_modules/tsx/dist/cli.mjs fake-ord.ts ${ordPort}`,
      // Without a key the fake answers 401, which Playwright takes as ready.
      url: `${ordRoot}/v1/person`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node ../apps/server/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO_LOGIN: '1',
        // Every test signs in, two at a time, from one address: more than a person's 30 a minute, and more calls
        // than one person's 600.
        SIGN_IN_PER_MINUTE: '1000',
        API_PER_MINUTE: '1000000',
        PUBLIC_URL: baseURL,
        NODE_ENV: 'production',
        // Whatever the shell has set, the tests run on the embedded database without real providers or a bot.
        DATABASE_URL: undefined,
        GOOGLE_CLIENT_ID: undefined,
        GOOGLE_CLIENT_SECRET: undefined,
        YANDEX_CLIENT_ID: undefined,
        YANDEX_CLIENT_SECRET: undefined,
        TELEGRAM_BOT_TOKEN: undefined,
        // Channel lookups go to the local fake Telegram, never to t.me.
        TELEGRAM_PREVIEW_ROOT: telegramRoot,
        TELEGRAM_API_ROOT: telegramRoot,
        TELEGRAM_TIMEOUT_MS: '2000',
        // Marking's registrations go to the local fake VK ОРД, never to ord.vk.com: the sandbox and production alike.
        ORD_VK_API_ROOT: ordRoot,
        ORD_VK_SANDBOX_ROOT: ordRoot,
        ORD_TIMEOUT_MS: '2000',
      } as unknown as Record<string, string>,
    },
  ],
});
