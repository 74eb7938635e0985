import { screen, within } from '@testing-library/react';
import { MarketingBackend, servedPlans } from '../../../test/marketing-backend';
import { renderApp } from '../../../test/render-app';

const offerSection = () => screen.getByRole('link', { name: 'Get Started Now' }).closest('section')!;

describe('Early access offer on /welcome', () => {
  it('says it is loading the price, then shows the plans query\'s prices and tokens', async () => {
    const backend = new MarketingBackend();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    backend.resolvers.plans = () => held.then(() => servedPlans());
    renderApp({ path: '/welcome', backend });

    await screen.findByRole('link', { name: 'Get Started Now' });
    expect(within(offerSection()).getByRole('status')).toHaveTextContent('Loading the early-access price…');
    expect(offerSection()).toHaveAttribute('aria-busy', 'true');
    expect(within(offerSection()).queryByText('$7.50')).not.toBeInTheDocument();
    expect(within(offerSection()).getByRole('link', { name: 'View Plan Comparison' })).toHaveAttribute('href', '/subscription-features');
    // The rest of the page does not wait for the plans.
    expect(screen.getByRole('heading', { level: 1, name: /Type a prompt/ })).toBeInTheDocument();

    release();
    const offer = await screen.findByRole('region', { name: 'Early Access Premium' });
    expect(offer).toHaveAttribute('aria-busy', 'false');
    expect(within(offer).getByText('Limited time · Save 62.5%')).toBeInTheDocument();
    expect(within(offer).getByText('$7.50')).toBeInTheDocument();
    expect(within(offer).getByText('/month')).toBeInTheDocument();
    expect(within(offer).getByText('$20')).toBeInTheDocument();
    expect(within(offer).getByText('instead of the regular price of')).toBeInTheDocument();
    expect(within(offer).getByText(/with 100 tokens a month, at the early-adopter price/)).toHaveTextContent(
      // Licences sell since issue 17, so the plan's selling is part of the offer.
      'Full beats, section editing and selling, with 100 tokens a month, at the early-adopter price for your first year. Sign up before June 1st.',
    );
    expect(within(offer).queryByRole('status')).not.toBeInTheDocument();
  });

  it('quotes whatever the api\'s plans say', async () => {
    const backend = new MarketingBackend();
    backend.resolvers.plans = () =>
      servedPlans().map((plan) => (plan.level === 2 ? { ...plan, priceCents: 900, tokensPerMonth: 120 } : plan.level === 3 ? { ...plan, priceCents: 1800 } : plan));
    renderApp({ path: '/welcome', backend });
    const offer = await screen.findByRole('region', { name: 'Early Access Premium' });
    expect(within(offer).getByText('$9')).toBeInTheDocument();
    expect(within(offer).getByText('$18')).toBeInTheDocument();
    expect(within(offer).getByText('Limited time · Save 50%')).toBeInTheDocument();
    expect(within(offer).getByText(/with 120 tokens a month/)).toBeInTheDocument();
  });

  it('keeps its links and points to the comparison when the plans cannot be loaded', async () => {
    const backend = new MarketingBackend();
    backend.resolvers.plans = () => {
      throw new Error('down');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/welcome', backend });
    expect(await screen.findByText('See the plan comparison for our early-access price.')).toBeInTheDocument();
    expect(within(offerSection()).getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/subscription-features');
    expect(within(offerSection()).getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.queryByText('$7.50')).not.toBeInTheDocument();
  });
});
