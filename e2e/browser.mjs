// Debian's Chromium driven by playwright-core, with a screenshot helper that keeps every screen.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** `args` are added to Chromium's command line; `ignoreHTTPSErrors` accepts self-signed test certificates. */
export async function openBrowser({ width = 1280, height = 800, args = [], ignoreHTTPSErrors = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'ysm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    viewport: { width, height },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--autoplay-policy=no-user-gesture-required', ...args],
    ignoreHTTPSErrors,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    problems,
    shot: (name) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
