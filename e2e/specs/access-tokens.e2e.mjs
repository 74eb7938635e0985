// Issue 20: create an access token on My Account, use it from a script (fetch) on GraphQL, revoke it.
import assert from 'node:assert/strict';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'create an access token on My Account, use it on GraphQL, revoke it';

const me = (apiUrl, secret) =>
  fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query: '{ me { username tokensRemaining } }' }),
  });

export async function run({ browser, webUrl, apiUrl }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page, shot } = browser;
  const user = newAccount('tokens');

  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, user);

  await page.goto(`${webUrl}/account/profile`);
  const section = page.getByRole('region', { name: 'Access tokens' });
  await section.getByText('No access tokens yet.').waitFor({ timeout: 30_000 });
  await section.scrollIntoViewIfNeeded();
  await shot('01-no-tokens');
  await axe.check(page, '01-no-tokens');

  await section.getByLabel('Token name').fill('My DAW plugin');
  await section.getByRole('checkbox', { name: /account:read/ }).check();
  await section.getByRole('checkbox', { name: /beats:read/ }).check();
  await section.getByLabel('Expires').selectOption('30 days');
  await shot('02-create-form');
  await axe.check(page, '02-create-form');
  await section.getByRole('button', { name: 'Create token' }).click();

  const secretBox = section.getByLabel('New token secret');
  await secretBox.waitFor();
  const secret = (await secretBox.textContent()) ?? '';
  assert.match(secret, /^bp_pat_[A-Za-z0-9_-]{43}$/);
  await section.getByText('it will not be shown again').waitFor();
  await shot('03-secret-shown-once');
  await axe.check(page, '03-secret-shown-once');

  // A script uses it.
  const used = await me(apiUrl, secret);
  assert.equal(used.status, 200);
  const body = await used.json();
  assert.equal(body.data.me.username, user.username);

  await section.getByRole('button', { name: 'I have copied it' }).click();
  assert.equal(await page.getByText(secret).count(), 0, 'the secret is gone from the page');
  await page.reload();
  const row = section.getByRole('row', { name: /My DAW plugin/ });
  await row.waitFor({ timeout: 30_000 });
  assert.match((await row.textContent()) ?? '', /account:read, beats:read/);
  assert.equal((await row.getByRole('cell').nth(5).textContent())?.trim(), '1', 'one use is counted');
  await shot('04-listed-with-its-use');
  await axe.check(page, '04-listed-with-its-use');

  await row.getByRole('button', { name: 'Revoke My DAW plugin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke access token' });
  await dialog.waitFor();
  await shot('05-revoke-confirmation');
  await axe.check(page, '05-revoke-confirmation');
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await section.getByText('No access tokens yet.').waitFor();
  await shot('06-revoked');
  await axe.check(page, '06-revoked');

  const refused = await me(apiUrl, secret);
  assert.equal(refused.status, 401);
  const error = await refused.json();
  assert.equal(error.errors[0].message, 'This access token is not valid (revoked, expired or unknown).');
  axe.assertClean();
}

test(name, async ({ app }) => report(await run(app)));
