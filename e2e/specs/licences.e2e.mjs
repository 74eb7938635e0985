// Issue 17: a listener licenses their beat. Generate, Get License, complete the profile when asked,
// buy an Advanced Lease through the local checkout, download MP3, WAV, stems and the licence PDF,
// see it on My Account, and open the public verification page from the URL printed in the PDF.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { ensureCatalogue } from '../catalogue.mjs';
import { pdfLinks, pdfText } from '../pdf.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'license a beat: Get License, complete the profile, buy an Advanced Lease locally, download every file, verify';

const PROMPT = 'trap type beat with country drums';
const BUYER = { first: 'Ada', last: 'Lovelace', country: 'United Kingdom' };

/** What each download must start with. */
const MAGIC = {
  mp3: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0),
  wav: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE',
  zip: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

export async function run({ browser, webUrl, apiUrl, openBrowser }) {
  const { page, shot } = browser;
  const figures = {};
  const player = page.locator('article.beat-player');
  const dialog = page.getByRole('dialog', { name: 'Purchase Rights' });
  // axe-core on every licence screen: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();

  // 1. Register through the built-in provider.
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, newAccount('lic'));
  const token = await accessTokenOf(page);
  figures['catalogue ready after (ms)'] = await ensureCatalogue(apiUrl, token, Date.now());

  // 2. Generate a beat.
  await page.goto(`${webUrl}/`);
  const promptBox = page.getByRole('textbox', { name: 'Describe your beat' });
  await promptBox.fill(PROMPT);
  await promptBox.press('Enter');
  await player.getByRole('button', { name: 'Play' }).waitFor({ timeout: 180_000 });
  const beatTitle = (await player.locator('h2').textContent()).trim();

  // 3. Get License: Purchase Rights with the beat's options, priced in dollars.
  await player.getByRole('button', { name: 'Get License' }).click();
  await dialog.getByRole('button', { name: 'Purchase Now: Advanced Lease' }).waitFor();
  const titles = await dialog.locator('.lease-option__title').allTextContents();
  assert.deepEqual(titles.slice(0, 2), ['Standard Lease', 'Advanced Lease'], `the leases come first: ${titles}`);
  for (const price of await dialog.locator('.lease-option__price').allTextContents()) assert.match(price, /^\$\d[\d,]*\.\d\d$/);
  await dialog.getByText('The producers\u2019 loops stay in the catalogue for other beats.', { exact: false }).waitFor();
  const advancedDetails = await dialog.locator('.lease-option--advanced .lease-option__details li').allTextContents();
  assert.ok(advancedDetails.some((d) => /stems/i.test(d)), `the advanced lease names its stems: ${advancedDetails}`);
  await axe.check(page, 'Purchase Rights');
  await shot('licences-01-purchase-rights');

  // 4. A new account has no name or country: Purchase Now asks for the profile, no checkout.
  await dialog.getByRole('button', { name: 'Purchase Now: Advanced Lease' }).click();
  await player.getByText('Please complete your profile information to proceed.').waitFor();
  assert.equal(await dialog.count(), 0, 'the modal closed to show the message on the player');
  assert.equal(new URL(page.url()).origin, webUrl, 'no checkout started');
  await axe.check(page, 'incomplete profile on the player');
  await shot('licences-02-profile-incomplete');

  // 5. Complete it on My Account, then back to the beat, where Purchase Rights opens again.
  await player.getByRole('link', { name: 'Complete your profile' }).click();
  await page.waitForURL(/\/account\/profile$/);
  await page.getByText('A licence names its buyer', { exact: false }).waitFor();
  await page.getByLabel('First name').fill(BUYER.first);
  await page.getByLabel('Last name').fill(BUYER.last);
  await page.getByLabel('Country', { exact: true }).selectOption(BUYER.country);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Profile updated successfully.').waitFor();
  await shot('licences-03-profile-completed');
  await page.getByRole('link', { name: 'Back to your beat' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await dialog.getByRole('button', { name: 'Purchase Now: Advanced Lease' }).waitFor({ timeout: 30_000 });
  const advancedPrice = (await dialog.locator('.lease-option--advanced .lease-option__price').textContent()).trim();

  // 6. Buy the Advanced Lease through the local checkout.
  const checkoutStarted = Date.now();
  await dialog.getByRole('button', { name: 'Purchase Now: Advanced Lease' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-licence-checkout/`));
  figures['Purchase Now to checkout page (ms)'] = Date.now() - checkoutStarted;
  assert.equal((await page.getByTestId('tier').textContent()).trim(), 'Advanced Lease');
  assert.equal((await page.getByTestId('beat').textContent()).trim(), beatTitle);
  assert.equal((await page.getByTestId('amount').textContent()).trim(), `${advancedPrice.replace(/[$,]/g, '')} USD`);
  await shot('licences-04-local-checkout');
  const paid = Date.now();
  // Pay fulfils the order before it answers; on a loaded machine that may take longer than a click waits.
  await page.getByRole('button', { name: 'Pay' }).click({ noWaitAfter: true });
  await page.waitForURL(new RegExp(`^${webUrl}/success\\?session_id=local_cs_[^&]+&kind=licence$`), { timeout: 120_000 });
  await page.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30_000 });
  const details = page.locator('dl.licence-summary');
  await details.getByText('Advanced Lease', { exact: true }).waitFor();
  await details.getByText(beatTitle, { exact: true }).waitFor();
  await details.getByText(advancedPrice, { exact: true }).waitFor();
  const files = page.getByRole('region', { name: 'Your files' });
  await files.getByRole('button', { name: 'Download Licence PDF' }).waitFor({ timeout: 180_000 });
  figures['Pay to files downloadable, seen by the page (ms)'] = Date.now() - paid;
  await axe.check(page, '/success of a licence');
  await shot('licences-05-success');

  // 7. Every file the tier gives, saved by the browser.
  const saved = {};
  for (const [label, kind] of [['Download MP3', 'mp3'], ['Download WAV', 'wav'], ['Download Stems', 'zip'], ['Download Licence PDF', 'pdf']]) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), files.getByRole('button', { name: label }).click()]);
    const bytes = readFileSync(await download.path());
    assert.ok(bytes.length > 0, `${label}: not empty`);
    assert.ok(MAGIC[kind](bytes), `${label}: a real ${kind} file (${download.suggestedFilename()})`);
    assert.ok(download.suggestedFilename().toLowerCase().endsWith(`.${kind}`), `${label}: saved as ${download.suggestedFilename()}`);
    saved[kind] = bytes;
    figures[`${kind} size (bytes)`] = bytes.length;
  }
  assert.equal(await page.locator('[role=alert]').count(), 0, 'no download failed');

  // 8. The PDF names the buyer and the tier, and prints where to verify it.
  // Compared without spaces: a wrapped line is drawn as two strings.
  const squeeze = (value) => value.replace(/\s+/g, '');
  const text = squeeze(pdfText(saved.pdf));
  for (const expected of [BUYER.first, BUYER.last, BUYER.country, 'Advanced Lease', beatTitle]) assert.ok(text.includes(squeeze(expected)), `the PDF says ${expected}`);
  const verifyUrl = pdfLinks(saved.pdf).find((uri) => uri.startsWith(`${webUrl}/licenses/verify/`));
  assert.ok(verifyUrl, `the PDF links its verification page: ${pdfLinks(saved.pdf)}`);
  const licenceId = verifyUrl.split('/').pop();

  // 9. My Account: the licence under My Licences, with the notice of it.
  await page.getByRole('link', { name: 'My Account' }).click();
  await page.waitForURL(/\/account\/profile$/);
  const myLicences = page.getByRole('region', { name: 'My Licences' });
  const item = myLicences.getByRole('listitem', { name: beatTitle });
  await item.waitFor();
  await item.getByText('Valid', { exact: true }).waitFor();
  await item.getByText(`Advanced Lease · `, { exact: false }).waitFor();
  await item.getByRole('button', { name: /^Download Stems of / }).waitFor();
  const notices = myLicences.getByRole('list', { name: 'Notices' });
  await notices.getByText('Advanced Lease', { exact: false }).waitFor();
  await axe.check(page, 'My Licences');
  await shot('licences-06-my-licences');
  // A notice read is gone, here and after a reload.
  await notices.getByRole('button', { name: 'Dismiss message' }).first().click();
  await notices.waitFor({ state: 'detached' });
  await page.reload();
  await item.waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await myLicences.getByRole('list', { name: 'Notices' }).count(), 0, 'the read notice stays read');

  // 10. The verification page from the PDF's URL, in a browser that is not signed in.
  const visitor = await openBrowser();
  try {
    await visitor.page.goto(verifyUrl);
    const card = visitor.page.getByRole('article', { name: /Valid/ });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('This licence is in force.').waitFor();
    await card.getByText('Advanced Lease', { exact: true }).waitFor();
    await card.getByText(beatTitle, { exact: true }).waitFor();
    await card.getByText(licenceId, { exact: true }).waitFor();
    const shown = await card.textContent();
    assert.ok(!shown.includes(BUYER.last) && !shown.includes(BUYER.country), 'the buyer is masked and nothing else of them shows');
    assert.equal(await visitor.page.getByText(/^Tokens Remaining/).count(), 0, 'the visitor is not signed in');
    await axe.check(visitor.page, 'verification page');
    await visitor.shot('licences-07-verification');
    if (visitor.problems.length) throw new Error(visitor.problems.join('\n'));
  } finally {
    await visitor.close();
  }
  axe.assertClean();
  return { figures };
}

test(name, async ({ app }) => report(await run(app)));
