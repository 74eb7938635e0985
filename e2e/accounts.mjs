// Accounts for browser specs: a fresh one per run, registered through the built-in provider's form.

/** Email, username and password no earlier run used; `prefix` tells the specs' accounts apart. */
export function newAccount(prefix) {
  const suffix = Date.now().toString(36);
  return { email: `${prefix}_${suffix}@example.com`, username: `${prefix}_${suffix}`, password: `pw-${suffix}-secret` };
}

/**
 * On the provider's sign-in page: creates the account and waits until the web app shows its token
 * balance (the new user is signed in there).
 */
export async function registerOnProvider(page, webUrl, account) {
  await page.getByRole('link', { name: 'Create account' }).first().click();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.origin === webUrl);
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor({ timeout: 30_000 });
}
