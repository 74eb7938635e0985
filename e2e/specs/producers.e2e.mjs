// Issue 16: a listener becomes a producer from the header's Contribute (/choice, /Producer-Signup,
// the local payout onboarding, /stripe-connect/success), sets prices and contract terms on
// /contributor-setup, downloads the producer agreement, uploads a drum loop that My uploads then
// lists, and finds Manage Stripe Account on My Account.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { drumWav } from '../wav.mjs';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { subscribeToPremium } from '../producers.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'become a producer, set prices and terms, download the agreement, upload a drum loop';

export async function run({ browser, webUrl, apiUrl }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page } = browser;
  const shot = async (label) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await browser.shot(label);
  };
  const user = newAccount('prod');
  const suffix = user.username.slice('prod_'.length);

  // /choice is public: signed out, Producer starts the login.
  await page.goto(`${webUrl}/choice`);
  await page.getByRole('heading', { name: 'Songwriter (coming soon)' }).waitFor();
  await shot('producers-01-choice-signed-out');
  await axe.check(page, 'producers-01-choice-signed-out');
  await page.getByRole('button', { name: 'Producer', exact: true }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, user);

  // Contribute without a payout account lands on /choice; Producer then goes to the signup form.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Contribute' }).click();
  await page.waitForURL(/\/choice$/);
  await page.getByRole('button', { name: 'Producer', exact: true }).click();
  await page.waitForURL(/\/Producer-Signup$/);
  await page.getByRole('heading', { name: 'Producer Registration' }).waitFor();
  await shot('producers-02-signup-empty');
  await axe.check(page, 'producers-02-signup-empty');

  // The client's rules, with the spec's texts.
  const field = (label) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First name').fill('Ada1');
  await field('Last name').fill('Lovelace');
  await field('Email').fill(user.email);
  await field('Birth date').fill('2015-01-01');
  await field('Producer name').fill(`E2E Prod ${suffix}`);
  await page.getByRole('button', { name: 'Sign Up as Producer' }).click();
  await page.getByText('First name should only contain letters', { exact: true }).waitFor();
  await page.getByText('You must be at least 18 years old', { exact: true }).waitFor();
  await shot('producers-03-signup-refused');
  await axe.check(page, 'producers-03-signup-refused');

  await field('First name').fill('Ada');
  await field('Birth date').fill('1990-04-12');
  await page.getByLabel('PRO', { exact: true }).selectOption('ASCAP');
  await field('PRO ID').fill('ASCAP-42');
  await page.getByRole('button', { name: 'Sign Up as Producer' }).click();

  // The local payout onboarding (the api's page, like Stripe's hosted one), then back.
  await page.waitForURL(new RegExp(`^${apiUrl}/local-payouts/.+/onboarding$`));
  await shot('producers-04-payout-onboarding');
  await page.getByRole('button', { name: 'Finish onboarding' }).click();
  await page.waitForURL(/\/stripe-connect\/success$/);
  await page.getByRole('heading', { name: 'Congratulations!' }).waitFor();
  await page.getByText(/onboarding is finished and payouts are enabled/).waitFor();
  await shot('producers-05-connected');
  await axe.check(page, 'producers-05-connected');

  // Contribute now goes straight to the setup.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Contribute' }).click();
  await page.waitForURL(/\/contributor-setup$/);
  await page.getByRole('heading', { name: 'Contributor Setup', level: 1 }).waitFor();
  await page.getByText('No drum loops yet.').waitFor();
  await shot('producers-06-setup');
  await axe.check(page, 'producers-06-setup');

  // Pricing: a refused price, then a saved one.
  await page.getByRole('button', { name: /^Pricing/ }).click();
  const price = (label) => page.getByLabel(`${label} (USD)`);
  await price('Standard lease').fill('0');
  await price('Exclusive (label)').fill('250000');
  await page.getByRole('button', { name: 'Save Pricing' }).click();
  await page.getByText('Standard lease price must be more than $0.').waitFor();
  await page.getByText('Exclusive (label) price must be at most $100,000.').waitFor();
  await shot('producers-07-pricing-refused');
  await axe.check(page, 'producers-07-pricing-refused');
  await price('Standard lease').fill('34.99');
  await price('Advanced lease').fill('89');
  await price('Exclusive (label)').fill('1500');
  await price('Exclusive (independent)').fill('750');
  await page.getByRole('button', { name: 'Save Pricing' }).click();
  await page.getByText('Pricing data saved successfully.').waitFor();
  await shot('producers-08-pricing-saved');
  await axe.check(page, 'producers-08-pricing-saved');

  // Contract terms: opening them closes pricing; a term, a comment (shown as text), exclusives.
  await page.getByRole('button', { name: /^Contract Terms/ }).click();
  assert.equal(await page.getByRole('form', { name: 'Pricing' }).count(), 0, 'opening one panel closes the other');
  const standard = page.getByRole('group', { name: 'Standard Lease' });
  await standard.getByRole('combobox', { name: 'Term (years)' }).selectOption('10');
  await standard.getByRole('combobox', { name: 'Distribution copies' }).selectOption('5000');
  await page.getByRole('group', { name: 'Exclusive (Label)' }).getByRole('combobox', { name: 'Sell exclusives' }).selectOption('Yes');
  await standard.getByRole('button', { name: 'Add Comments: Standard Lease' }).click();
  const comments = page.getByRole('dialog', { name: 'Standard Lease: Additional Comments' });
  await comments.getByLabel('Additional comments').fill('Credit "prod. by E2E" <b>always</b>');
  await shot('producers-09-comments-popup');
  await axe.check(page, 'producers-09-comments-popup');
  await comments.getByRole('button', { name: 'Done' }).click();
  await standard.getByText('Credit "prod. by E2E" <b>always</b>').waitFor();
  await page.getByRole('button', { name: 'Save Contracts' }).click();
  await page.getByText('Contract data saved successfully.').waitFor();
  await shot('producers-10-contract-saved');
  await axe.check(page, 'producers-10-contract-saved');

  // Stored: a reload shows the saved values.
  await page.reload();
  await page.getByRole('button', { name: /^Pricing/ }).click();
  assert.equal(await price('Standard lease').inputValue(), '34.99');
  await page.getByRole('button', { name: /^Contract Terms/ }).click();
  assert.equal(await page.getByRole('group', { name: 'Standard Lease' }).getByRole('combobox', { name: 'Term (years)' }).inputValue(), '10');

  // Account settings.
  await page.getByRole('button', { name: 'Account Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByText('Ada Lovelace').waitFor();
  await settings.getByLabel('PRO ID').fill('ASCAP-43');
  await settings.getByRole('button', { name: 'Update Producer' }).click();
  await settings.getByText('Producer data updated successfully.').waitFor();
  await shot('producers-11-account-settings');
  await axe.check(page, 'producers-11-account-settings');
  await settings.getByRole('button', { name: 'Cancel' }).click();

  // The agreement: a PDF saved by the browser.
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Producer Agreement' }).click();
  const download = await downloadStarted;
  assert.match(download.suggestedFilename(), /\.pdf$/);
  const pdf = readFileSync(await download.path());
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'a PDF file');
  await page.getByText('Producer agreement downloaded successfully.').waitFor();
  await shot('producers-12-agreement-downloaded');
  await axe.check(page, 'producers-12-agreement-downloaded');

  // A drum loop through /upload-drums (linked from the setup): uploads that earn need Premium.
  await subscribeToPremium(page, webUrl, apiUrl);
  await page.goto(`${webUrl}/contributor-setup`);
  await page.getByRole('heading', { name: 'Contributor Setup', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Uploads' }).getByRole('link', { name: 'Upload Drums' }).click();
  await page.waitForURL(/\/upload-drums$/);
  const kickName = `Kick_Prod_${suffix}_140bpm.wav`;
  await page.getByRole('button', { name: '+ Add Row' }).click();
  const row = page.getByRole('row', { name: 'Row 1' });
  await row.getByLabel('Row 1 file').setInputFiles({ name: kickName, mimeType: 'audio/wav', buffer: drumWav({ type: 'Kicks', bpm: 140 }) });
  for (const [column, tag] of [['Genres', 'Phonk'], ['Artists', 'E2E Producer'], ['Style', 'hard'], ['Tempo Style', 'bouncy']]) {
    await row.getByLabel(`Row 1 ${column}`).fill(tag);
    await row.getByLabel(`Row 1 ${column}`).press('Enter');
  }
  await row.getByText('Ready').waitFor();
  await page.getByRole('button', { name: 'Upload Drum Samples' }).click();
  await page.getByText('Drum samples uploaded successfully!').waitFor({ timeout: 120_000 });
  await shot('producers-13-drum-uploaded');
  await axe.check(page, 'producers-13-drum-uploaded');

  // My uploads lists it with its analysis.
  await page.goto(`${webUrl}/contributor-setup`);
  const loop = page.getByRole('row', { name: kickName, exact: true });
  await loop.waitFor();
  await loop.getByText(/Matches|Tempo mismatch/).waitFor();
  await shot('producers-14-my-uploads');
  await axe.check(page, 'producers-14-my-uploads');

  // My Account shows Manage Stripe Account, which opens the payout dashboard.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.waitForURL(/\/account\/profile$/);
  await page.getByRole('button', { name: 'Manage Stripe Account' }).waitFor();
  await shot('producers-15-my-account');
  await axe.check(page, 'producers-15-my-account');
  await page.getByRole('button', { name: 'Manage Stripe Account' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-payouts/.+/dashboard$`));
  await shot('producers-16-payout-dashboard');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${webUrl}/contributor-setup`);
  await page.getByRole('heading', { name: 'Contributor Setup', level: 1 }).waitFor();
  // My uploads on a phone: each upload a card, nothing wider than the screen.
  await page.getByRole('row', { name: kickName, exact: true }).waitFor();
  await shot('producers-17-my-uploads-375');
  await axe.check(page, 'producers-17-my-uploads-375');
  const overflow = await page.evaluate(() => {
    const uploads = document.querySelector('.my-uploads');
    return { page: document.documentElement.scrollWidth, uploads: uploads ? uploads.scrollWidth - uploads.clientWidth : -1 };
  });
  if (overflow.page > 375 || overflow.uploads !== 0) throw new Error(`My uploads is wider than a 375 px screen: ${JSON.stringify(overflow)}`);
  await page.getByRole('button', { name: /^Contract Terms/ }).click();
  await shot('producers-18-setup-375');
  await axe.check(page, 'producers-18-setup-375');
  axe.assertClean();
  return {};
}

test(name, async ({ app }) => report(await run(app)));
