// Issue 19: the admin runs the business from /admin-portal; nobody else reaches it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'admin dashboard: page through users, update a user\'s tokens, the user sees them';

/** The first-start accounts (README: `<data dir>/demo-credentials.txt`). */
function demoCredentials(dataDir) {
  const text = readFileSync(join(dataDir, 'demo-credentials.txt'), 'utf8');
  const [, userLogin, userPassword] = /user : (\S+) \/ (\S+)/.exec(text);
  const [, adminLogin, adminPassword] = /admin: (\S+) \/ (\S+)/.exec(text);
  return { user: { login: userLogin, password: userPassword }, admin: { login: adminLogin, password: adminPassword } };
}

async function signIn(page, webUrl, apiUrl, { login, password }) {
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor({ timeout: 30_000 });
}

/** 25 older accounts, so the users list has a second page (set-up the page under test does not cover). */
async function addAccounts(pgPort) {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/ysm` });
  await client.connect();
  try {
    await client.query(`insert into users (id, subject, email, username, username_key, created_at, updated_at)
      select gen_random_uuid(), 'e2e-listener-' || g, 'listener' || g || '@example.com', 'listener' || g, 'listener' || g,
             timestamptz '2026-01-01' + (g || ' minutes')::interval, now() from generate_series(1, 25) g`);
  } finally {
    await client.end();
  }
}

export async function run({ browser, webUrl, apiUrl, dataDir, pgPort, openBrowser }) {
  const { page, shot } = browser;
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const accounts = demoCredentials(dataDir);
  await addAccounts(pgPort);

  // The listener, in a browser of their own.
  const listener = await openBrowser();
  try {
    await signIn(listener.page, webUrl, apiUrl, accounts.user);
    // Not an admin: the page says so in place (the api answered 403).
    await listener.page.goto(`${webUrl}/admin-portal`);
    await listener.page.getByRole('heading', { name: 'Admins only', level: 1 }).waitFor({ timeout: 30_000 });
    assert.equal(new URL(listener.page.url()).pathname, '/admin-portal');
    await listener.shot('admin-00-admins-only');
    await axe.check(listener.page, 'admin-00-admins-only');

    await signIn(page, webUrl, apiUrl, accounts.admin);
    await page.goto(`${webUrl}/admin-portal`);
    await page.getByRole('heading', { name: 'Total Users' }).waitFor({ timeout: 30_000 });
    await shot('admin-01-dashboard');
    await axe.check(page, 'admin-01-dashboard');
    // Each of the Inbox's views (its filters act as tabs).
    const inboxFilters = page.getByRole('group', { name: 'Show messages' });
    for (const filter of ['Answered', 'Closed', 'All', 'Open']) {
      await inboxFilters.getByRole('button', { name: new RegExp(`^${filter}\\b`) }).click();
      await inboxFilters.locator('button[aria-pressed=true]', { hasText: filter }).waitFor();
      await axe.check(page, `admin-01-inbox-${filter.toLowerCase()}`);
    }

    const users = page.getByRole('region', { name: 'Users' });
    const usersPager = page.getByRole('navigation', { name: 'Users pages' });
    await usersPager.getByText('Page 1 of 2').waitFor();
    assert.equal(await usersPager.getByRole('button', { name: 'Previous' }).isDisabled(), true);
    await usersPager.getByRole('button', { name: 'Next' }).click();
    await usersPager.getByText('Page 2 of 2').waitFor();
    assert.equal(await usersPager.getByRole('button', { name: 'Next' }).isDisabled(), true);
    await users.getByRole('cell', { name: 'listener1@example.com' }).waitFor();
    await shot('admin-02-users-page-2');
    await axe.check(page, 'admin-02-users-page-2');
    await usersPager.getByRole('button', { name: 'Previous' }).click();
    await usersPager.getByText('Page 1 of 2').waitFor();

    // Update Tokens for the listener.
    const subscriptions = page.getByRole('region', { name: 'Recent Subscriptions' });
    const row = subscriptions.getByRole('row').filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) });
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Update Tokens for demo' });
    await dialog.getByText(/^Current tokens: \d+$/).waitFor();
    await dialog.getByLabel('New token amount:').fill('77');
    await shot('admin-03-update-tokens');
    await axe.check(page, 'admin-03-update-tokens');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '77', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Audit Log' }).getByRole('cell', { name: 'Updated tokens' }).first().waitFor();
    await shot('admin-04-updated');
    await axe.check(page, 'admin-04-updated');
    // On a phone: every table scrolls in its own box, which the keyboard must reach.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Total Users' }).waitFor();
    await shot('admin-04b-dashboard-375');
    await axe.check(page, 'admin-04b-dashboard-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The listener's header shows it on their next request.
    await listener.page.goto(`${webUrl}/account/profile`);
    await listener.page.getByText('Tokens Remaining: 77').waitFor({ timeout: 30_000 });
    await listener.shot('admin-05-listener-header');
  } finally {
    await listener.close();
  }
  axe.assertClean();
}

test(name, async ({ app }) => report(await run(app)));
