// The 375 px project (a phone held upright): the landing page, signing up, the header's menu, a beat
// generated and played, and My Account, each without sideways scrolling and clean under axe-core.
import assert from 'node:assert/strict';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { ensureCatalogue } from '../catalogue.mjs';
import { createAxeChecker } from '../axe.mjs';
import { expect, report, test } from '../fixtures.mjs';

export const name = 'on a 375 px phone: landing, sign up, the menu, generate and play a beat, My Account';

/** Fails when the page is wider than the viewport (something forces sideways scrolling). */
async function assertFits(page, label) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${label}: the page is ${scrollWidth} px wide in a ${innerWidth} px viewport`);
}

export async function run({ browser, webUrl, apiUrl }) {
  const axe = createAxeChecker();
  const { page, shot } = browser;
  assert.equal(page.viewportSize().width, 375);

  // 1. The landing page.
  await page.goto(`${webUrl}/welcome`);
  const start = page.getByRole('button', { name: 'Start Creating Now - FREE' }).first();
  await expect(start).toBeVisible();
  await assertFits(page, '/welcome');
  await shot('mobile-01-welcome-375');
  await axe.check(page, 'mobile-01-welcome');

  // 2. Sign up through the built-in provider's form.
  await start.click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await assertFits(page, 'the sign-in page');
  await registerOnProvider(page, webUrl, newAccount('mobile'));
  await expect(page.getByText(/^Tokens Remaining: \d+$/)).toBeVisible();
  // The catalogue: the demo library a fresh install stores, else loops uploaded for the run.
  await ensureCatalogue(apiUrl, await accessTokenOf(page), Date.now());

  // 3. The header's Account menu opens and leads to My Account.
  await page.goto(`${webUrl}/`);
  await page.getByRole('button', { name: 'Account' }).click();
  const myAccount = page.getByRole('menuitem', { name: 'My Account' });
  await expect(myAccount).toBeVisible();
  await assertFits(page, 'the open menu');
  await shot('mobile-02-menu-375');
  await page.keyboard.press('Escape');
  await expect(myAccount).toBeHidden();

  // 4. Generate a beat and play it.
  const promptBox = page.getByRole('textbox', { name: 'Describe your beat' });
  await promptBox.fill('lofi chill beat');
  await promptBox.press('Enter');
  const player = page.locator('article.beat-player');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 180_000 });
  await expect(player).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const box = await player.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the player fits the screen: ${JSON.stringify(box)}`);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await assertFits(page, 'the generator with a beat');
  await shot('mobile-03-beat-375');
  await axe.check(page, 'mobile-03-beat');

  // 5. My Account.
  await page.goto(`${webUrl}/account/profile`);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await assertFits(page, '/account/profile');
  await shot('mobile-04-account-375');
  await axe.check(page, 'mobile-04-account');

  axe.assertClean();
}

test(name, { tag: '@mobile' }, async ({ app }) => report(await run(app)));
