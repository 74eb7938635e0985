// The api's REST paths from browser specs (setup the page under test does not cover).
import assert from 'node:assert/strict';

/** A POST of JSON as `token`'s user that must answer 201 Created (the message names the path and the answer). */
/** Makes the token's user a producer through POST /prod-signup (only producers upload; onboarding may stay pending). */
export async function signUpAsProducer(apiUrl, token, producerName) {
  const response = await fetch(`${apiUrl}/prod-signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `e2e-${Date.now()}@example.com`, birthDate: '1990-04-12', producerName }),
  });
  assert.ok(response.ok, `/prod-signup: ${response.status} ${await response.text()}`);
}

export function restPoster(apiUrl, token) {
  return async (path, body) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 201, `${path}: ${response.status} ${await response.text()}`);
  };
}

/**
 * Subscribes the token's user to a plan through the local checkout (POST
 * /subscription-checkout-session, then the checkout page's Pay): uploads that earn need Premium.
 */
export async function subscribeLocally(apiUrl, token, priceId = 'premium') {
  const started = await fetch(`${apiUrl}/subscription-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ price_id: priceId }),
  });
  assert.equal(started.status, 200, `/subscription-checkout-session: ${started.status} ${await started.clone().text()}`);
  const { checkoutUrl } = await started.json();
  const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  assert.equal(paid.status, 303, `local checkout Pay: ${paid.status} ${await paid.text()}`);
}

/** Ends the token's user's subscription (POST /cancel-subscription): the account is on Free again. */
export async function cancelSubscription(apiUrl, token) {
  const response = await fetch(`${apiUrl}/cancel-subscription`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `/cancel-subscription: ${response.status} ${await response.text()}`);
}

/** The token's producer sells both exclusive tiers (POST /producer-contract with their other terms unchanged). */
export async function sellExclusives(apiUrl, token) {
  const auth = { authorization: `Bearer ${token}` };
  const current = await fetch(`${apiUrl}/producer-data`, { headers: auth });
  assert.equal(current.status, 200, `/producer-data: ${current.status} ${await current.clone().text()}`);
  const terms = (await current.json()).contractData;
  const saved = await fetch(`${apiUrl}/producer-contract`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...terms,
      exclabel_terms: { ...terms.exclabel_terms, sell_exclusives: 'Yes' },
      excindie_terms: { ...terms.excindie_terms, sell_exclusives: 'Yes' },
    }),
  });
  assert.equal(saved.status, 200, `/producer-contract: ${saved.status} ${await saved.text()}`);
}
