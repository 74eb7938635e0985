// The specs' fixture: `app` is the running product (its addresses, data directory and database port),
// the test's page as `browser` ({ context, page, problems, shot }), and `openBrowser()` for a second
// person in a browser of their own (a fresh context: no cookies or storage shared with the first).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { SCREENSHOTS } from './browser.mjs';

/** A page and its context as the specs use them; page errors are collected and fail the spec. */
function person(context, page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    problems,
    shot: (name) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }),
    close: () => context.close(),
  };
}

export const test = base.extend({
  app: async ({ browser, context, page }, use, testInfo) => {
    const people = [person(context, page)];
    const openBrowser = async ({ width = 1280, height = 800 } = {}) => {
      const other = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
      const one = person(other, await other.newPage());
      people.push(one);
      return one;
    };
    await use({
      browser: people[0],
      openBrowser,
      webUrl: process.env.E2E_WEB_URL,
      apiUrl: process.env.E2E_API_URL,
      dataDir: process.env.E2E_DATA_DIR,
      pgPort: Number(process.env.E2E_PG_PORT),
    });
    const problems = people.flatMap((p) => p.problems);
    for (const other of people.slice(1)) await other.context.close().catch(() => {});
    if (problems.length && testInfo.status === testInfo.expectedStatus) throw new Error(problems.join('\n'));
  },
});

/** Reports a spec's figures (what it measured on the way): as annotations of its test and on the console. */
export function report(result) {
  for (const [k, v] of Object.entries(result?.figures ?? {})) {
    test.info().annotations.push({ type: k, description: String(v) });
    console.log(`     ${k}: ${v}`);
  }
}

export { expect };
