import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { TEST_CLIENT_CONFIG } from '../../test/test-config';
import { PAYMENTS_COPY } from './payments-copy';
import { BillingBackend } from './test/billing-backend';

// The app boots (client config, session, page chunk) before the page shows: seconds on a loaded machine.
const SLOW = { timeout: 10_000 };

function backendIn(mode: 'stripe' | 'local') {
  const backend = new BillingBackend();
  backend.clientConfigReply = { status: 200, body: { ...TEST_CLIENT_CONFIG, payments: mode } };
  backend.stripeAccount = true;
  return backend;
}

describe('copy that says who takes the money follows the running instance (GET /client-config payments)', () => {
  it('names Stripe and its Express dashboard when the instance takes payments through Stripe', async () => {
    renderApp({ path: '/subscriptions', signedIn: true, backend: backendIn('stripe') });
    expect(await screen.findByText(PAYMENTS_COPY.stripe.subscribeNote, {}, SLOW)).toBeInTheDocument();
  });

  it('says the local checkout asks for no card and moves no money, and names no provider', async () => {
    renderApp({ path: '/subscriptions', signedIn: true, backend: backendIn('local') });
    expect(await screen.findByText(PAYMENTS_COPY.local.subscribeNote, {}, SLOW)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Stripe|card payment provider/);
  });

  it.each(['stripe', 'local'] as const)('My Account\'s Payouts card says where payouts are seen (%s)', async (mode) => {
    renderApp({ path: '/account/profile', signedIn: true, backend: backendIn(mode) });
    expect(await screen.findByText(PAYMENTS_COPY[mode].payoutsText, {}, SLOW)).toBeInTheDocument();
  });

  it.each(['stripe', 'local'] as const)('the terms say who processes payments (%s)', async (mode) => {
    renderApp({ path: '/terms-conditions', backend: backendIn(mode) });
    expect(await screen.findByText(PAYMENTS_COPY[mode].termsPayments, {}, SLOW)).toBeInTheDocument();
  });

  it('no mode names a payment provider in the other mode\'s copy', () => {
    for (const line of Object.values(PAYMENTS_COPY.local)) expect(line).not.toMatch(/Stripe|provider/i);
    for (const line of Object.values(PAYMENTS_COPY.stripe)) expect(line).not.toMatch(/local/i);
  });
});
