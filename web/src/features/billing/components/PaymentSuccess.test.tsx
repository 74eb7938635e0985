import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { BillingBackend } from '../test/billing-backend';

const SESSION = {
  customerName: 'Dana Moss',
  customerEmail: 'demo@ysm.local',
  amountTotal: 750,
  currency: 'usd',
  paymentStatus: 'paid',
  subscriptionId: 'sub_123',
};

describe('Payment success page', () => {
  it('shows Loading..., then Success!, the session details with the amount in dollars, and the new token balance', async () => {
    const backend = new BillingBackend();
    backend.sessions.set('cs_test_1', SESSION);
    backend.grantOnSessionRead = { level: 2, tokens: 100 };
    let release!: () => void;
    backend.gates.set('CheckoutSession', new Promise((resolve) => (release = resolve)));
    renderApp({ path: '/success?session_id=cs_test_1', signedIn: true, backend });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Tokens Remaining: 25')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful!')).toBeInTheDocument();
    expect(screen.getByText('Dana Moss')).toBeInTheDocument();
    expect(screen.getByText('demo@ysm.local')).toBeInTheDocument();
    expect(screen.getByText('7.50 USD')).toBeInTheDocument();
    expect(screen.getByText('paid')).toBeInTheDocument();
    expect(screen.getByText('sub_123')).toBeInTheDocument();
    expect(backend.operations('CheckoutSession')[0].body).toMatchObject({ variables: { sessionId: 'cs_test_1' } });
    // The grant shows in the header without a reload.
    expect(await screen.findByText('Tokens Remaining: 100')).toBeInTheDocument();
  });

  it('shows a pending state, not Success!, while an asynchronous payment is unpaid', async () => {
    const backend = new BillingBackend();
    backend.sessions.set('cs_test_async', { ...SESSION, paymentStatus: 'unpaid' });
    renderApp({ path: '/success?session_id=cs_test_async', signedIn: true, backend });
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByText(/^Your payment is being confirmed\./)).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(screen.queryByText('Your payment was successful!')).not.toBeInTheDocument();
    expect(screen.getByText('Dana Moss')).toBeInTheDocument();
    expect(screen.getByText('7.50 USD')).toBeInTheDocument();
    expect(screen.getByText('unpaid')).toBeInTheDocument();
    expect(screen.getByText('sub_123')).toBeInTheDocument();
  });

  it('counts a checkout that needs no payment as successful', async () => {
    const backend = new BillingBackend();
    backend.sessions.set('cs_test_free', { ...SESSION, amountTotal: 0, paymentStatus: 'no_payment_required' });
    renderApp({ path: '/success?session_id=cs_test_free', signedIn: true, backend });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful!')).toBeInTheDocument();
  });

  it('shows Error: and the message when the session cannot be read', async () => {
    renderApp({ path: '/success?session_id=cs_unknown', signedIn: true, backend: new BillingBackend() });
    expect(await screen.findByText('Error: That checkout does not exist.')).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it('shows Error: and the failure\'s own message when the call fails outside GraphQL', async () => {
    const backend = new BillingBackend();
    const offline = Promise.reject(new TypeError('Failed to fetch'));
    offline.catch(() => undefined);
    backend.gates.set('CheckoutSession', offline);
    renderApp({ path: '/success?session_id=cs_test_1', signedIn: true, backend });
    expect(await screen.findByText('Error: Failed to fetch')).toBeInTheDocument();
    expect(screen.queryByText(/Unknown error/)).not.toBeInTheDocument();
  });

  it('shows Error: when no session_id was given', async () => {
    renderApp({ path: '/success', signedIn: true, backend: new BillingBackend() });
    expect(await screen.findByText('Error: No session_id was given.')).toBeInTheDocument();
  });
});
