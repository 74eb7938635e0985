import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { SupportBackend, payment } from '../test/support-backend';

const openAccount = (backend: SupportBackend) => renderApp({ path: '/account/profile', signedIn: true, backend });

describe('the 30-day money-back guarantee on My Account', () => {
  it('asks for a refund of a recent payment, with a reason, and shows the request waiting', async () => {
    const backend = new SupportBackend();
    backend.support.payments = [payment()];
    const { user } = openAccount(backend);
    const card = await screen.findByRole('region', { name: '30-day money-back guarantee' }, { timeout: 5000 });
    const row = within(card).getByRole('row', { name: /Premium/ });
    expect(row).toHaveTextContent('$20.00');
    await user.click(within(row).getByRole('button', { name: 'Request a refund of Premium $20.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund of your Premium payment of $20.00' });
    await user.type(within(dialog).getByLabelText('Why? (optional)'), 'Not for me.');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('Your refund request was sent. We will email you when it is decided.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card).findByText('Requested: waiting for our answer')).toBeInTheDocument();
    expect(requestVariables(backend)).toEqual({ input: { paymentId: 'payment-1', reason: 'Not for me.' } });
  });

  it("shows the api's refusal in the dialog", async () => {
    const backend = new SupportBackend();
    backend.support.payments = [payment()];
    const { user } = openAccount(backend);
    const card = await screen.findByRole('region', { name: '30-day money-back guarantee' }, { timeout: 5000 });
    // Someone else (another tab) asked first.
    backend.support.payments[0].refundRequest = {
      id: 'r', paymentId: 'payment-1', status: 'PENDING', planName: 'Premium', amountCents: 2000, currency: 'usd', paidAt: '', reason: null, declineReason: null, createdAt: '', decidedAt: null,
    };
    await user.click(within(card).getByRole('button', { name: /Request a refund/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Request refund' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('You already asked for a refund of this payment.');
  });

  it('shows refunded, declined (with the reason) and past-window payments without a button', async () => {
    const backend = new SupportBackend();
    const request = { id: 'r2', paymentId: 'payment-2', status: 'DECLINED' as const, planName: 'Enterprise', amountCents: 50000, currency: 'usd', paidAt: '2026-11-10T10:00:00.000Z', reason: null, declineReason: 'Used most tokens.', createdAt: '', decidedAt: '' };
    backend.support.payments = [
      payment({ paymentId: 'payment-1', refundedAt: '2026-11-25T10:00:00.000Z', canRequestRefund: false }),
      payment({ paymentId: 'payment-2', subscriptionType: 'Enterprise', amountCents: 50000, canRequestRefund: false, refundRequest: request }),
    ];
    openAccount(backend);
    const card = await screen.findByRole('region', { name: '30-day money-back guarantee' }, { timeout: 5000 });
    expect(within(card).getByText(/^Refunded on /)).toBeInTheDocument();
    expect(within(card).getByText('Declined: Used most tokens.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Request a refund/ })).not.toBeInTheDocument();
  });

  it('is not shown to an account without recent payments', async () => {
    const backend = new SupportBackend();
    openAccount(backend);
    await screen.findByRole('button', { name: 'Save Changes' }, { timeout: 5000 });
    await vi.waitFor(() => expect(backend.operations('MoneyBackPayments')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '30-day money-back guarantee' })).not.toBeInTheDocument();
  });
});

function requestVariables(backend: SupportBackend) {
  const [request] = backend.operations('RequestRefund');
  return (request.body as { variables: unknown }).variables;
}
