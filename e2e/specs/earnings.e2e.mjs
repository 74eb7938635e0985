// Issue 18: a producer sees what they earned from a licence of a beat built from their loops. The
// producer uploads loops tagged with an artist no other sample has; a listener generates a beat that
// names that artist, buys a Standard Lease through the local checkout (REST, as a third-party tool
// would), and the producer finds the order under My Earnings on /contributor-setup.
import assert from 'node:assert/strict';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { openBrowser } from '../browser.mjs';
import { signUpAsProducer, restPoster } from '../api.mjs';
import { dataUrl, drumWav, melodyWav } from '../wav.mjs';

export const name = 'a producer sees the earning of a licence sold of a beat built from their loops';

const ARTIST = `Zephyr Quill ${Date.now().toString(36)}`;

const tokenOf = (page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return JSON.parse(localStorage.getItem(key)).access_token;
  });

async function signUp(page, webUrl, apiUrl, prefix) {
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, newAccount(prefix));
  return tokenOf(page);
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

export async function run({ browser, webUrl, apiUrl }) {
  const { page, shot } = browser;
  const figures = {};

  // 1. The producer: an account, a producer record (payout onboarding left pending), loops of their artist.
  const producerToken = await signUp(page, webUrl, apiUrl, 'earner');
  const producerName = `E2E Earner ${Date.now().toString(36)}`;
  await signUpAsProducer(apiUrl, producerToken, producerName);
  const post = restPoster(apiUrl, producerToken);
  await post('/uploadingmelsamples', {
    artists: [ARTIST], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempo_style: ['half-time'], bpm: 140, key: 'A', mode: 'Minor',
    files: [1, 2].map((voice) => ({ name: `earner-${voice}.wav`, data: dataUrl(melodyWav({ key: 'A', mode: 'Minor', bpm: 140, voice })) })),
  });
  await post('/uploadingdrumsamples', {
    entries: ['Kicks', 'Snares', 'Hihats'].map((type) => ({
      file: { name: `earner-${type}.wav`, data: dataUrl(drumWav({ type, bpm: 140 })) },
      drumType: type, genres: ['Trap'], artists: [ARTIST], moods: ['Dark'], tempoStyle: ['bouncy'], bpm: 140,
    })),
  });

  // 2. The listener, in a browser of their own: a complete profile, a beat naming the artist, a Standard Lease.
  const listener = await openBrowser();
  try {
    const listenerToken = await signUp(listener.page, webUrl, apiUrl, 'fan');
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
  return { figures };
}
