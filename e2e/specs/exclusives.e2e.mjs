// Issue 30: exclusives on a fresh install with the demo library. A Free listener generates a beat and
// sees all four tiers in Purchase Rights, the exclusives disabled with the plan's reason and the way
// to the plans; buys a Standard Lease (leases are open to every signed-in user); upgrades to Premium
// through the local checkout; buys an Exclusive (Indie) of the same beat through the local licence
// checkout, downloads its files and PDF, and sees on My Licences that the exclusive replaced their
// lease. Beats are unique per listener (docs/decisions.md), so the beat's only possible lessee is its
// owner: "lessees of that beat see their lease marked" is the owner's lease shown as Superseded.
// A second exclusive of the beat (from a tab opened before the sale, and from the REST path a
// client written to the spec uses) is refused with the api's words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { SCREENSHOTS } from '../browser.mjs';
import { waitForDemoLibrary } from '../catalogue.mjs';
import { pdfText } from '../pdf.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'exclusives: Free sees them disabled with the plan reason, Premium buys an Exclusive (Indie), a second one is refused';

// Drill: no other browser spec uploads drill loops, so the beat is built from the demo producers'
// loops (who sell exclusives) whatever ran before (the earnings spec's producer uploads trap loops
// and keeps the spec's default of not selling exclusives).
const PROMPT = 'dark drill beat with sliding 808s';
const BUYER = { first: 'Grace', last: 'Hopper', country: 'United States' };
const TITLES = ['Standard Lease', 'Advanced Lease', 'Exclusive Rights (Indie)', 'Exclusive Rights (Label)'];
const PLAN_REASON = 'Buying exclusive rights (full rights) needs Premium or a higher plan.';
const SOLD = 'This beat has been sold exclusively and is no longer for sale.';

const MAGIC = {
  mp3: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0),
  wav: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE',
  zip: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

/** Purchase Rights' tiers as the buyer sees them: title, whether Purchase Now can be pressed, the reason shown. */
async function tiersOf(dialog) {
  const options = dialog.locator('li.lease-option');
  const seen = [];
  for (let i = 0; i < (await options.count()); i++) {
    const option = options.nth(i);
    const title = (await option.locator('.lease-option__title').textContent()).trim();
    const enabled = await option.getByRole('button', { name: `Purchase Now: ${title}` }).isEnabled();
    const reason = (await option.locator('.lease-option__reason').count()) ? (await option.locator('.lease-option__reason').textContent()).trim() : null;
    seen.push({ title, enabled, reason });
  }
  return seen;
}

/** From My Account's Generated Beats to the beat on the generator, with Purchase Rights open. */
async function openPurchaseRights(page, webUrl, player, dialog) {
  await page.goto(`${webUrl}/account/profile`);
  await page.getByRole('region', { name: 'Generated Beats', exact: true }).getByRole('link', { name: PROMPT }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await player.getByRole('button', { name: 'Get License' }).click();
  await dialog.locator('li.lease-option').first().waitFor({ timeout: 30_000 });
}

/** Pays on the api's local licence checkout and waits for /success to offer the licence PDF. */
async function payLicence(page, webUrl, apiUrl, tierTitle) {
  await page.waitForURL(new RegExp(`^${apiUrl}/local-licence-checkout/`));
  assert.equal((await page.getByTestId('tier').textContent()).trim(), tierTitle);
  await page.getByRole('button', { name: 'Pay' }).click({ noWaitAfter: true });
  await page.waitForURL(new RegExp(`^${webUrl}/success\\?session_id=local_cs_[^&]+&kind=licence$`), { timeout: 120_000 });
  await page.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30_000 });
  await page.locator('dl.licence-summary').getByText(tierTitle, { exact: true }).waitFor();
}

export async function run({ browser, webUrl, apiUrl }) {
  const { page, shot, context } = browser;
  const figures = {};
  const axe = createAxeChecker();
  const player = page.locator('article.beat-player');
  const dialog = page.getByRole('dialog', { name: 'Purchase Rights' });

  // 1. A new listener (Free), with the name and country a licence needs.
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, newAccount('excl'));
  // The whole library is synthesised on first start: on a loaded machine that takes minutes.
  figures['demo library ready after (ms)'] = await waitForDemoLibrary(apiUrl, Date.now(), 15 * 60_000);
  await page.goto(`${webUrl}/account/profile`);
  await page.getByLabel('First name').fill(BUYER.first);
  await page.getByLabel('Last name').fill(BUYER.last);
  await page.getByLabel('Country', { exact: true }).selectOption(BUYER.country);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Profile updated successfully.').waitFor();

  // 2. A beat from the demo library.
  await page.goto(`${webUrl}/`);
  const promptBox = page.getByRole('textbox', { name: 'Describe your beat' });
  await promptBox.fill(PROMPT);
  await promptBox.press('Enter');
  await player.getByRole('button', { name: 'Play' }).waitFor({ timeout: 180_000 });
  const beatTitle = (await player.locator('h2').textContent()).trim();

  // 3. On Free: all four tiers, the exclusives disabled with the plan's reason and a way to the plans.
  await player.getByRole('button', { name: 'Get License' }).click();
  await dialog.locator('li.lease-option').first().waitFor({ timeout: 30_000 });
  const onFree = await tiersOf(dialog);
  assert.deepEqual(onFree.map((t) => t.title), TITLES, 'all four tiers are listed');
  assert.deepEqual(onFree.map((t) => t.enabled), [true, true, false, false], `leases open, exclusives not: ${JSON.stringify(onFree)}`);
  for (const tier of onFree.slice(2)) assert.equal(tier.reason, `${PLAN_REASON} See the plans`, `${tier.title} says why`);
  const indieDescription = await dialog.getByRole('button', { name: 'Purchase Now: Exclusive Rights (Indie)' }).evaluate((b) =>
    document.getElementById(b.getAttribute('aria-describedby'))?.textContent);
  assert.ok(indieDescription?.startsWith(PLAN_REASON), 'the disabled button is described by its reason');
  await axe.check(page, 'Purchase Rights on Free');
  await shot('exclusives-01-free-tiers');

  // 4. Leases stay open on Free: a Standard Lease through the local checkout.
  await dialog.getByRole('button', { name: 'Purchase Now: Standard Lease' }).click();
  await payLicence(page, webUrl, apiUrl, 'Standard Lease');
  await shot('exclusives-02-standard-lease');

  // 5. "See the plans" from the plan reason, then Premium through the local checkout.
  await openPurchaseRights(page, webUrl, player, dialog);
  await dialog.getByRole('link', { name: 'See the plans' }).first().click();
  await page.waitForURL(/\/subscriptions$/);
  const premium = page.getByRole('article', { name: 'Premium', exact: true });
  await premium.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-checkout/local_cs_`));
  await page.getByText('20.00 USD / month').waitFor();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(new RegExp(`^${webUrl}/success\\?session_id=local_cs_`));
  await page.getByText('Your payment was successful!').waitFor({ timeout: 30_000 });
  await shot('exclusives-03-premium');

  // 6. On Premium all four can be bought. A second tab opens Purchase Rights now, before the sale.
  await openPurchaseRights(page, webUrl, player, dialog);
  const onPremium = await tiersOf(dialog);
  assert.deepEqual(onPremium.map((t) => t.title), TITLES);
  assert.deepEqual(onPremium.map((t) => t.enabled), [true, true, true, true], `every tier on offer: ${JSON.stringify(onPremium)}`);
  await axe.check(page, 'Purchase Rights on Premium');
  await shot('exclusives-04-premium-tiers');
  const stale = await context.newPage();
  const stalePlayer = stale.locator('article.beat-player');
  const staleDialog = stale.getByRole('dialog', { name: 'Purchase Rights' });
  await openPurchaseRights(stale, webUrl, stalePlayer, staleDialog);

  // 7. The Exclusive (Indie), its price as offered.
  const indiePrice = (await dialog.locator('.lease-option--excindie .lease-option__price').textContent()).trim();
  const bought = Date.now();
  await dialog.getByRole('button', { name: 'Purchase Now: Exclusive Rights (Indie)' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-licence-checkout/`));
  assert.equal((await page.getByTestId('beat').textContent()).trim(), beatTitle);
  assert.equal((await page.getByTestId('amount').textContent()).trim(), `${indiePrice.replace(/[$,]/g, '')} USD`);
  await payLicence(page, webUrl, apiUrl, 'Exclusive Rights (Indie)');
  const files = page.getByRole('region', { name: 'Your files' });
  await files.getByRole('button', { name: 'Download Licence PDF' }).waitFor({ timeout: 180_000 });
  figures['Purchase Now (exclusive) to files downloadable (ms)'] = Date.now() - bought;
  await axe.check(page, '/success of an exclusive');
  await shot('exclusives-05-success');

  // 8. Its files: MP3, WAV, stems and the licence PDF naming the buyer and the tier.
  const saved = {};
  for (const [label, kind] of [['Download MP3', 'mp3'], ['Download WAV', 'wav'], ['Download Stems', 'zip'], ['Download Licence PDF', 'pdf']]) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), files.getByRole('button', { name: label }).click()]);
    const bytes = readFileSync(await download.path());
    assert.ok(MAGIC[kind](bytes), `${label}: a real ${kind} file (${download.suggestedFilename()})`);
    saved[kind] = bytes;
  }
  const squeeze = (value) => value.replace(/\s+/g, '');
  const text = squeeze(pdfText(saved.pdf));
  for (const expected of [BUYER.first, BUYER.last, 'Exclusive Rights (Indie)', beatTitle]) assert.ok(text.includes(squeeze(expected)), `the PDF says ${expected}`);

  // 9. My Licences: the exclusive in force with its files, the owner's earlier lease marked Superseded.
  await page.goto(`${webUrl}/account/profile`);
  const myLicences = page.getByRole('region', { name: 'My Licences' });
  const exclusive = myLicences.getByRole('listitem', { name: beatTitle }).filter({ hasText: 'Exclusive Rights (Indie)' });
  await exclusive.getByText('Valid', { exact: true }).waitFor({ timeout: 30_000 });
  await exclusive.getByRole('button', { name: /^Download Licence PDF of / }).waitFor();
  const lease = myLicences.getByRole('listitem', { name: beatTitle }).filter({ hasText: 'Standard Lease' });
  await lease.getByText('Superseded', { exact: true }).waitFor();
  await axe.check(page, 'My Licences with an exclusive and a superseded lease');
  await shot('exclusives-06-my-licences');

  // 10. A second exclusive from the tab opened before the sale: refused in the api's words, and the
  // offer shown as it now is (every tier listed, none for sale).
  await staleDialog.getByRole('button', { name: 'Purchase Now: Exclusive Rights (Label)' }).click();
  await staleDialog.getByRole('alert').filter({ hasText: SOLD }).waitFor();
  await staleDialog.getByRole('note').filter({ hasText: SOLD }).waitFor();
  const afterSale = await tiersOf(staleDialog);
  assert.deepEqual(afterSale.map((t) => t.title), TITLES);
  assert.deepEqual(afterSale.map((t) => t.enabled), [false, false, false, false], 'nothing of the beat is for sale');
  assert.equal(new URL(stale.url()).origin, webUrl, 'no checkout started');
  await axe.check(stale, 'Purchase Rights of a beat sold exclusively');
  await stale.screenshot({ path: join(SCREENSHOTS, 'exclusives-07-second-exclusive-refused.png'), fullPage: true });
  await stale.close();

  // 11. The same from the spec's REST path (POST /create-checkout-session).
  const token = await accessTokenOf(page);
  const beats = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ myBeats { id title } }' }),
  }).then((r) => r.json());
  const beatId = beats.data.myBeats.find((b) => b.title === beatTitle)?.id;
  assert.ok(beatId, 'the beat is among the listener\u2019s beats');
  const refused = await fetch(`${apiUrl}/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ beat_id: beatId, lease_option_id: 'exclabel', first_name: BUYER.first, last_name: BUYER.last, country: BUYER.country }),
  });
  assert.equal(refused.status, 409);
  assert.equal((await refused.json()).error, SOLD);

  axe.assertClean();
  figures['screens checked with axe-core'] = axe.checked.length;
  return { figures };
}

test(name, async ({ app }) => report(await run(app)));
