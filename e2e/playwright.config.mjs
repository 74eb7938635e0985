// Browser tests on Playwright's test runner, driving Debian's Chromium (apt-get install chromium).
// One product (api and web, built) is started for the whole run by global-setup.mjs; the specs share
// its catalogue and run one after another in file order. Every failure keeps a trace and a screenshot
// in e2e/test-results/ (open a trace with `npx playwright show-trace <file>`).
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'];

export default defineConfig({
  testDir: './specs',
  testMatch: /.*\.e2e\.mjs$/,
  outputDir: './test-results',
  // The specs build on one another's catalogue and accounts: one worker, in order, no retries (a flaky
  // spec is a defect to fix, not to retry).
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A spec is a whole user journey (sign up, generate, buy, download) on a loaded 2-core machine.
  timeout: 15 * 60_000,
  expect: { timeout: 30_000 },
  globalSetup: './global-setup.mjs',
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    acceptDownloads: true,
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/, teardown: 'data check' },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }, grep: /@mobile/, teardown: 'data check' },
    // After every spec: the database and the blob store agree and the ledgers sum to the balances.
    { name: 'data check', testMatch: /data-check\.teardown\.mjs$/ },
  ],
});
