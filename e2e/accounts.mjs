// Accounts for browser specs: a fresh one per run, registered through the built-in provider's form.
import { confirmationLink } from './mail.mjs';
import { productDataDir } from './servers.mjs';

/** Email, username and password no earlier run used; `prefix` tells the specs' accounts apart. */
export function newAccount(prefix) {
  const suffix = Date.now().toString(36);
  return { email: `${prefix}_${suffix}@example.com`, username: `${prefix}_${suffix}`, password: `pw-${suffix}-secret` };
}

/**
 * On the provider's sign-in page: creates the account, waits until the web app shows it signed in,
 * then opens the confirmation link mailed to it, as its owner would, and comes back with the free
 * tokens (`confirm: false` leaves the address unconfirmed).
 */
export async function registerOnProvider(page, webUrl, account, { confirm = true } = {}) {
  await page.getByRole('link', { name: 'Create account' }).first().click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.origin === webUrl);
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor({ timeout: 30_000 });
  if (confirm) await confirmEmail(page, webUrl, account);
}

/** Opens the account's confirmation link in this page and returns to the web app it links back to. */
export async function confirmEmail(page, webUrl, account) {
  const back = page.url();
  // Specs run in Playwright's workers, which get the product's data directory from global-setup.mjs.
  await page.goto(await confirmationLink(process.env.E2E_DATA_DIR ?? productDataDir, account.email));
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
  await page.goto(back);
  await page.waitForURL((url) => url.origin === webUrl);
  await page.getByText(/^Tokens Remaining: [1-9]\d*$/).waitFor({ timeout: 30_000 });
}

/**
 * The access token the web app in `page` holds: oidc-client-ts keeps its user in the tab's session
 * storage (no refresh token; docs/decisions.md "The web app keeps no refresh token"). Fails when a
 * user is found in local storage, where an earlier version kept it.
 */
export async function accessTokenOf(page) {
  const { session, local } = await page.evaluate(() => {
    const find = (storage) => Object.keys(storage).filter((key) => key.startsWith('oidc.user:')).map((key) => storage.getItem(key));
    return { session: find(sessionStorage), local: find(localStorage) };
  });
  if (local.length) throw new Error('the web app kept its user in local storage');
  if (session.length !== 1) throw new Error(`expected one signed-in user in session storage, found ${session.length}`);
  const user = JSON.parse(session[0]);
  if (user.refresh_token) throw new Error('the web app holds a refresh token');
  return user.access_token;
}
