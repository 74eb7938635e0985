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
    expect(backend.operations('CheckoutSession')[0]!.body).toMatchObject({ variables: { sessionId: 'cs_test_1' } });
    // The grant shows in the header without a reload.
    expect(await screen.findByText('Tokens Remaining: 100')).toBeInTheDocument();
  });

  it('shows Error: and the message when the session cannot be read', async () => {
    renderApp({ path: '/success?session_id=cs_unknown', signedIn: true, backend: new BillingBackend() });
    expect(await screen.findByText('Error: That checkout does not exist.')).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it('shows Error: when no session_id was given', async () => {
    renderApp({ path: '/success', signedIn: true, backend: new BillingBackend() });
    expect(await screen.findByText('Error: No session_id was given.')).toBeInTheDocument();
  });
});
