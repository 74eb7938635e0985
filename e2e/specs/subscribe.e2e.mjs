// Issue 7: subscribe to Early Access through the local checkout, see the level and tokens, cancel.
import assert from 'node:assert/strict';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'subscribe through the local checkout, see level and tokens, cancel';

export async function run({ browser, webUrl, apiUrl }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page, shot } = browser;
  const user = newAccount('sub');
  const card = (planName) => page.getByRole('article', { name: planName });

  // Signed out, the plans show and subscribing asks for a login.
  await page.goto(`${webUrl}/subscriptions`);
  await page.getByRole('heading', { name: /^Subscribe to / }).waitFor();
  await card('Early Access Premium').waitFor();
  await card('Early Access Premium').getByRole('button', { name: 'Subscribe' }).click();
  await page.getByText('You must be logged in to subscribe.').waitFor();
  await shot('subscribe-01-signed-out');
  await axe.check(page, 'subscribe-01-signed-out');

  // Register through the built-in provider.
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, user);
  await page.getByText('Tokens Remaining: 25').waitFor();

  // Subscriptions, from the account menu.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
  await page.waitForURL(/\/subscriptions$/);
  const early = card('Early Access Premium');
  await early.getByRole('button', { name: 'Subscribe' }).waitFor();
  assert.equal(await page.getByRole('article').count(), 3, 'three plan cards');
  await shot('subscribe-02-plans');
  await axe.check(page, 'subscribe-02-plans');

  const started = Date.now();
  await early.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-checkout/local_cs_`));
  const checkoutMs = Date.now() - started;
  await page.getByText('Early Access Premium').waitFor();
  await page.getByText('7.50 USD / month').waitFor();
  await shot('subscribe-03-local-checkout');

  const paying = Date.now();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(new RegExp(`^${webUrl}/success\\?session_id=local_cs_`));
  await page.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30_000 });
  await page.getByText('Your payment was successful!').waitFor();
  await page.getByText('7.50 USD').waitFor();
  await page.getByText('paid', { exact: true }).waitFor();
  await page.getByText('Tokens Remaining: 100').waitFor({ timeout: 30_000 });
  const payToGrantMs = Date.now() - paying;
  await shot('subscribe-04-success');
  await axe.check(page, 'subscribe-04-success');

  // The plan shows as current; the account shows the level.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
  const current = card('Early Access Premium').getByRole('button', { name: 'Current Plan' });
  await current.waitFor();
  assert.equal(await current.isDisabled(), true, 'the current plan cannot be bought again');
  await shot('subscribe-05-current-plan');
  await axe.check(page, 'subscribe-05-current-plan');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.waitForURL(/\/account\/profile$/);
  // The account's plan line (the plans page, still fading out, names the plan too).
  await page.locator('.profile-form__plan', { hasText: 'Early Access Premium' }).waitFor();
  await shot('subscribe-06-account-premium');
  await axe.check(page, 'subscribe-06-account-premium');

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByText('Subscription cancelled successfully.').waitFor();
  await page.getByText('Free', { exact: true }).waitFor();
  await shot('subscribe-07-cancelled');
  await axe.check(page, 'subscribe-07-cancelled');
  // Tokens already granted stay for the cycle.
  assert.equal(await page.getByText('Tokens Remaining: 100').count(), 1);

  // After a reload the account is still Free, and Early Access can be bought again.
  await page.reload();
  await page.getByText('Free', { exact: true }).waitFor();
  await page.goto(`${webUrl}/subscriptions`);
  await card('Early Access Premium').getByRole('button', { name: 'Subscribe' }).waitFor();
  await shot('subscribe-08-after-cancel');
  await axe.check(page, 'subscribe-08-after-cancel');
  axe.assertClean();
  return { figures: { 'subscribe click to checkout page (ms)': checkoutMs, 'Pay to tokens in header (ms)': payToGrantMs } };
}

test(name, async ({ app }) => report(await run(app)));
