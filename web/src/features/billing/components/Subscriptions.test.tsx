import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { BANNER_FADE_MS } from '../../../ui/banner/Banner';
import { BillingBackend } from '../test/billing-backend';
import { PAYMENTS_COPY } from '../payments-copy';

function openSubscriptions(backend = new BillingBackend(), signedIn = true) {
  return renderApp({ path: '/subscriptions', signedIn, backend });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Subscribe page', () => {
  it('titles the page with the product name and shows a spinner while the level loads, then three plan cards', async () => {
    const backend = new BillingBackend();
    let release!: () => void;
    backend.gates.set('Plans', new Promise((resolve) => (release = resolve)));
    openSubscriptions(backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to YSM' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your plan' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: 'Early Access Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your plan' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Early Access Premium', 'Premium', 'Enterprise']);
    const early = card('Early Access Premium');
    expect(within(early).getByText('$7.50')).toBeInTheDocument();
    expect(within(early).getByText('100 tokens / month')).toBeInTheDocument();
    expect(within(early).getByText('Save 62.5%')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('$20.00')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('$500.00')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('1,000 tokens / month')).toBeInTheDocument();
    expect(screen.getByText(PAYMENTS_COPY.local.subscribeNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare all plan features' })).toHaveAttribute('href', '/subscription-features');
  });

  it('disables the current plan, which reads Current Plan', async () => {
    const backend = new BillingBackend();
    backend.user = { ...backend.user, subscriptionLevel: 3, subscriptionType: 'Premium' };
    openSubscriptions(backend);
    const current = await within(await screen.findByRole('article', { name: 'Premium' })).findByRole('button');
    expect(current).toHaveTextContent('Current Plan');
    expect(current).toBeDisabled();
    expect(within(card('Enterprise')).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('starts a checkout: the button reads Processing..., then the browser goes to the checkout page', async () => {
    const backend = new BillingBackend();
    let resolve!: () => void;
    const held = new Promise<void>((r) => (resolve = r));
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = openSubscriptions(backend);
    const button = within(await screen.findByRole('article', { name: 'Enterprise' })).getByRole('button', { name: 'Subscribe' });
    const original = backend.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (typeof init?.body === 'string' && init.body.includes('CreateCheckoutSession')) await held;
      return original(input, init);
    });
    await user.click(button);
    expect(await within(card('Enterprise')).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    resolve();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/local-checkout/local_cs_enterprise'));
    const [start] = backend.operations('CreateCheckoutSession');
    expect(start.body).toMatchObject({ variables: { priceId: 'enterprise' } });
    expect(start.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('says Failed to initiate subscription process when the checkout call fails, and clears Processing...', async () => {
    const backend = new BillingBackend();
    backend.onCreateCheckout = () => {
      throw gqlError('Stripe is down', 'INTERNAL_SERVER_ERROR');
    };
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = openSubscriptions(backend);
    await user.click(within(await screen.findByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate subscription process');
    expect(within(card('Premium')).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal of the current plan as You are already subscribed to this plan.', async () => {
    const backend = new BillingBackend();
    backend.onCreateCheckout = () => {
      throw gqlError('You are already subscribed to this plan.', 'CONFLICT');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = openSubscriptions(backend);
    await user.click(within(await screen.findByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already subscribed to this plan.');
  });

  it('asks a signed-out visitor to log in, without calling the api', async () => {
    const backend = new BillingBackend();
    const { user } = openSubscriptions(backend, false);
    await user.click(within(await screen.findByRole('article', { name: 'Early Access Premium' })).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to subscribe.');
    expect(backend.operations('CreateCheckoutSession')).toHaveLength(0);
  });

  it('shows a subscription error for about 4 seconds, then fades it out', async () => {
    openSubscriptions(new BillingBackend(), false);
    const subscribe = within(await screen.findByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe' });
    vi.useFakeTimers();
    try {
      fireEvent.click(subscribe);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('You must be logged in to subscribe.');
      act(() => {
        vi.advanceTimersByTime(3999);
      });
      expect(alert).not.toHaveClass('banner--fading');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(alert).toHaveClass('banner--fading');
      act(() => {
        vi.advanceTimersByTime(BANNER_FADE_MS);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
