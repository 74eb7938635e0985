import { screen, within } from '@testing-library/react';
import { gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { BillingBackend } from '../test/billing-backend';

function openAccount(backend: BillingBackend) {
  backend.user = { ...backend.user, subscriptionLevel: 2, subscriptionType: 'Early Access Premium' };
  return renderApp({ path: '/account/profile', signedIn: true, backend });
}

describe('Cancel Subscription on My Account', () => {
  it('is not offered to a Free account, which is pointed at the plans instead', async () => {
    const backend = new BillingBackend();
    backend.user = { ...backend.user, subscriptionLevel: 1, subscriptionType: 'Free' };
    renderApp({ path: '/account/profile', signedIn: true, backend });
    const card = (await screen.findByRole('heading', { name: 'Subscription' })).closest('section')!;
    expect(within(card).getByText('You are on the Free plan: generation only, with no subscription to cancel.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('cancels, says Subscription cancelled successfully. and shows the Free plan', async () => {
    const backend = new BillingBackend();
    const { user } = openAccount(backend);
    expect(await screen.findByText('Early Access Premium')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Subscription cancelled successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(backend.operations('CancelSubscription')).toHaveLength(1);
  });

  it("shows the server's error when the cancellation is refused", async () => {
    const backend = new BillingBackend();
    backend.onCancel = () => {
      throw gqlError('You have no subscription to cancel.', 'NOT_FOUND');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = openAccount(backend);
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You have no subscription to cancel.')).toBeInTheDocument();
    expect(screen.getByText('Early Access Premium')).toBeInTheDocument();
  });

  it('says Error cancelling subscription. when the call itself fails', async () => {
    const backend = new BillingBackend();
    const { user } = openAccount(backend);
    await screen.findByRole('button', { name: 'Cancel Subscription' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const original = backend.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (typeof init?.body === 'string' && init.body.includes('CancelSubscription')) throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error cancelling subscription.');
  });
});
