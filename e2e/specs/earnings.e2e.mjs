// Issues 18 and 19: a producer sees what they earned from a licence of a beat built from their loops,
// and an admin's refund takes it back. The producer uploads loops tagged with an artist no other
// sample has; a listener generates a beat that names that artist, buys a Standard Lease through the
// local checkout (REST, as a third-party tool would); the producer finds the order under My Earnings
// on /contributor-setup; the admin refunds it from /admin-portal and the producer's earning is gone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { sellExclusives, signUpAsProducer, restPoster, subscribeLocally } from '../api.mjs';
import { dataUrl, drumWav, melodyWav } from '../wav.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'a producer sees the earning of a licence of a beat built from their loops; an admin refunds the order and it is taken back';

const ARTIST = `Zephyr Quill ${Date.now().toString(36)}`;

async function toSignIn(page, webUrl, apiUrl) {
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
}

async function signUp(page, webUrl, apiUrl, account) {
  await toSignIn(page, webUrl, apiUrl);
  await registerOnProvider(page, webUrl, account);
  return accessTokenOf(page);
}

/** The first-start admin (README: `<data dir>/demo-credentials.txt`). */
async function signInAdmin(page, webUrl, apiUrl, dataDir) {
  const [, login, password] = /admin: (\S+) \/ (\S+)/.exec(readFileSync(join(dataDir, 'demo-credentials.txt'), 'utf8'));
  await toSignIn(page, webUrl, apiUrl);
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor({ timeout: 30_000 });
}

async function call(apiUrl, token, method, path, body) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a redirect)
  }
  return { status: response.status, body: json, text };
}

export async function run({ browser, webUrl, apiUrl, dataDir, openBrowser }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page, shot } = browser;
  const figures = {};

  // 1. The producer: an account, a producer record (payout onboarding left pending), loops of their artist.
  const producerToken = await signUp(page, webUrl, apiUrl, newAccount('earner'));
  const producerName = `E2E Earner ${Date.now().toString(36)}`;
  await signUpAsProducer(apiUrl, producerToken, producerName);
  // Uploads that earn (and My Earnings) need Premium: the producer subscribes through the local checkout.
  await subscribeLocally(apiUrl, producerToken);
  // These loops join the shared catalogue of the run, where the exclusives spec buys an exclusive on
  // a later beat: this producer sells exclusives too, as the demo producers do.
  await sellExclusives(apiUrl, producerToken);
  const post = restPoster(apiUrl, producerToken);
  await post('/uploadingmelsamples', {
    artists: [ARTIST], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempo_style: ['half-time'], bpm: 140, key: 'A', mode: 'Minor',
    files: [1, 2].map((voice) => ({ name: `earner-${voice}.wav`, data: dataUrl(melodyWav({ key: 'A', mode: 'Minor', bpm: 140, voice })) })),
  });
  await post('/uploadingdrumsamples', {
    // Every drum type a trap beat uses, so the beat needs no other loops even before the demo library is stored.
    entries: ['Kicks', 'Snares', 'Hihats', '808s'].map((type) => ({
      file: { name: `earner-${type}.wav`, data: dataUrl(drumWav({ type, bpm: 140, key: 'F' })) },
      drumType: type, genres: ['Trap'], artists: [ARTIST], moods: ['Dark'], tempoStyle: ['bouncy'], bpm: 140,
      ...(type === '808s' ? { key: 'F', mode: 'Minor' } : {}),
    })),
  });

  // 2. The listener, in a browser of their own: a complete profile, a beat naming the artist, a Standard Lease.
  const listener = await openBrowser();
  const fan = newAccount('fan');
  try {
    const listenerToken = await signUp(listener.page, webUrl, apiUrl, fan);
    const profile = new FormData();
    for (const [key, value] of Object.entries({ userType: 'Artist', creatorName: 'Fan', fname: 'Ada', lname: 'Lovelace', country: 'United Kingdom' })) profile.append(key, value);
    const saved = await call(apiUrl, listenerToken, 'POST', '/account/profile', profile);
    assert.ok(saved.status < 300, `/account/profile: ${saved.status} ${saved.text}`);
    const generated = await call(apiUrl, listenerToken, 'POST', '/generate_beat', { prompt: `${ARTIST} trap type beat` });
    assert.equal(generated.status, 200, `/generate_beat: ${generated.status} ${generated.text}`);
    const credited = generated.body.producer_info.map((p) => p.producer);
    assert.ok(credited.includes(producerName), `the beat uses the producer's loops: ${JSON.stringify(generated.body.producer_info)}`);
    const started = Date.now();
    const checkout = await call(apiUrl, listenerToken, 'POST', '/create-checkout-session', {
      beat_id: generated.body.beat_id, lease_option_id: 'standard', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom',
    });
    assert.equal(checkout.status, 200, `/create-checkout-session: ${checkout.status} ${checkout.text}`);
    const paid = await call(apiUrl, listenerToken, 'POST', `/local-licence-checkout/${checkout.body.id}/pay`);
    assert.equal(paid.status, 303, `local Pay: ${paid.status} ${paid.text}`);
    figures['Pay answered after (ms)'] = Date.now() - started;
  } finally {
    await listener.close();
  }

  // 3. The producer's /contributor-setup lists the order with their share, held until onboarding is finished.
  await page.goto(`${webUrl}/contributor-setup`);
  const earnings = page.getByRole('region', { name: 'My Earnings' });
  await earnings.waitFor();
  const order = earnings.getByRole('row').filter({ hasText: 'Standard Lease' }).first();
  await order.waitFor({ timeout: 30_000 });
  const text = await order.textContent();
  assert.match(text, /\$\d+\.\d{2}/, `the order shows an amount: ${text}`);
  assert.match(text, /Held until your payout account is ready/, `the earning is held until onboarding is finished: ${text}`);
  await order.scrollIntoViewIfNeeded();
  await shot('earnings-01-producer-sees-order');
  await axe.check(page, 'earnings-01-producer-sees-order');

  // 4. The admin refunds the order from /admin-portal; the producer's earning is taken back.
  const admin = await openBrowser();
  try {
    await signInAdmin(admin.page, webUrl, apiUrl, dataDir);
    await admin.page.goto(`${webUrl}/admin-portal`);
    const orders = admin.page.getByRole('region', { name: 'Beat Orders' });
    await orders.getByRole('button', { name: `Refund order of ${fan.email}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Refund order of $29.99' });
    await dialog.getByLabel('Reason:').fill('The customer asked within 30 days');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await orders.getByRole('row').filter({ hasText: fan.email }).getByText('Refunded').waitFor();
    await admin.page.getByRole('region', { name: 'Audit Log' }).getByText('Refunded an order').first().waitFor();
    await admin.shot('earnings-02-admin-refunded');
    await axe.check(admin.page, 'earnings-02-admin-refunded');
  } finally {
    await admin.close();
  }
  await page.reload();
  const refunded = page.getByRole('region', { name: 'My Earnings' }).getByRole('row').filter({ hasText: 'Standard Lease' }).first();
  await refunded.getByText('Refunded before payout').waitFor({ timeout: 30_000 });
  await shot('earnings-03-producer-refunded');
  await axe.check(page, 'earnings-03-producer-refunded');
  axe.assertClean();
  return { figures };
}

test(name, async ({ app }) => report(await run(app)));
