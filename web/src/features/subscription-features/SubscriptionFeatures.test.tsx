import { screen, waitFor, within } from '@testing-library/react';
import { MarketingBackend, servedPlans } from '../../test/marketing-backend';
import { signinRequestStarted } from '../../test/oidc-user';
import { renderApp } from '../../test/render-app';

describe('/subscription-features', () => {
  it('shows a card per plan from the plans query, each button going to /subscriptions', async () => {
    const { user, location } = renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    const cards = await screen.findAllByRole('link', { name: /^Choose / }, { timeout: 5000 });
    expect(cards.map((c) => c.textContent)).toEqual(['Choose Free', 'Choose Early Access Premium', 'Choose Premium', 'Choose Enterprise']);
    for (const card of cards) expect(card).toHaveAttribute('href', '/subscriptions');
    const early = cards[1].closest('li')!;
    expect(within(early).getByText('$7.50')).toBeInTheDocument();
    expect(within(early).getByText('$20.00')).toBeInTheDocument();
    expect(within(early).getByText(/Limited time: sign up before June 1st\./)).toBeInTheDocument();
    expect(within(cards[3].closest('li')!).getByText('$500.00')).toBeInTheDocument();
    await user.click(cards[2]);
    expect(location()).toBe('/subscriptions');
  });

  it('compares the features of the four plans in a table', async () => {
    renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    const table = await screen.findByRole('table', { name: 'Features of each plan' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Feature', 'Free', 'Early Access Premium', 'Premium', 'Enterprise']);
    const row = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('Price per month')).toEqual(['$0', '$7.50', '$20.00', '$500.00']);
    expect(row('Tokens per month')).toEqual(['25', '100', '100', '1,000']);
    expect(row('Beat editing')).toEqual(['–Not included', '✓Included', '✓Included', '✓Included']);
    expect(row('Priority support')).toEqual(['–Not included', '–Not included', '✓Included', '✓Included']);
    expect(row('Feature requests')).toEqual(['–Not included', '–Not included', '–Not included', '✓Included']);
    // Auditing is not built yet: its row says so.
    expect(within(table).getByRole('rowheader', { name: 'Copyright and publishing auditingComing soon' })).toBeInTheDocument();
    // Licences sell since issue 17, producers are paid since issue 18.
    for (const name of ['Sell beats and earn', 'Purchase beats with full rights', 'Upload stems and earn']) {
      expect(within(table).getByRole('rowheader', { name })).toBeInTheDocument();
    }
    expect(within(table).getByRole('rowheader', { name: 'Full beats' })).toBeInTheDocument();
  });

  it('marks the card features not built yet as coming soon, and each card builds on the plan below', async () => {
    renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    const premium = (await screen.findByRole('link', { name: 'Choose Premium' }, { timeout: 5000 })).closest('li')!;
    const features = within(premium).getAllByRole('listitem').map((item) => item.textContent);
    expect(features).toEqual([
      'Everything in Early Access Premium, plus:',
      'Purchase beats with full rights',
      'Upload stems and earn',
      'Priority support',
    ]);
  });

  it('offers the 30-day money-back guarantee (subscription refunds exist) and says a bought plan starts at once', async () => {
    const { user } = renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    await user.click(await screen.findByRole('button', { name: 'Can I change or cancel my plan?' }, { timeout: 5000 }));
    const answer = screen.getByRole('region', { name: 'Can I change or cancel my plan?' });
    expect(answer).toHaveTextContent('A plan you buy starts at once');
    expect(answer).toHaveTextContent('30-day money-back guarantee: ask for a refund on My Account within 30 days of a payment and we refund it in full');
    expect(screen.queryByText(/next billing cycle|take effect next cycle/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Can I release the beats I make?' }));
    expect(screen.getByRole('region', { name: 'Can I release the beats I make?' })).toHaveTextContent('To release it, buy a licence from its player');
  });

  it('answers the FAQ in an accordion, with the one Early Access end date', async () => {
    const { user } = renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    const question = await screen.findByRole('button', { name: 'How long is the Early Access price available?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(screen.getByRole('region', { name: 'How long is the Early Access price available?' })).toHaveTextContent(
      'sign up before June 1st and you pay $7.50 a month instead of $20, 62.5% off',
    );
    expect(screen.queryByText(/March 1st/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Do I need a credit card for the Free plan?' }));
    expect(screen.getByRole('region', { name: 'Do I need a credit card for the Free plan?' })).toHaveTextContent(
      'No credit card required. The Free plan gives you 25 tokens a month to generate beats and listen to them, from the day you confirm your email address.',
    );
    await user.click(screen.getByRole('button', { name: 'Who needs Enterprise?' }));
    expect(screen.getByRole('region', { name: 'Who needs Enterprise?' })).toHaveTextContent(
      'It includes 1,000 tokens a month, instant support and feature requests; copyright and publishing auditing is coming soon.',
    );
  });

  it('quotes prices and tokens from the plans query', async () => {
    const backend = new MarketingBackend();
    backend.resolvers.plans = () =>
      servedPlans().map((plan) => ({ ...plan, tokensPerMonth: plan.tokensPerMonth * 2, priceCents: plan.level === 2 ? 1000 : plan.priceCents }));
    const { user } = renderApp({ path: '/subscription-features', backend });
    expect(await screen.findByText('Start free with 50 tokens a month once you confirm your email. No credit card required, cancel anytime.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'How long is the Early Access price available?' }));
    expect(screen.getByRole('region', { name: 'How long is the Early Access price available?' })).toHaveTextContent(
      'you pay $10 a month instead of $20, 50% off',
    );
    await user.click(screen.getByRole('button', { name: 'Who needs Enterprise?' }));
    expect(screen.getByRole('region', { name: 'Who needs Enterprise?' })).toHaveTextContent('It includes 2,000 tokens a month');
  });

  it('has a Get Started call to action that signs a visitor in', async () => {
    const { user } = renderApp({ path: '/subscription-features', backend: new MarketingBackend() });
    expect(await screen.findByText('Start free with 25 tokens a month once you confirm your email. No credit card required, cancel anytime.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(signinRequestStarted()).toBe(true));
  });

  it('says so when the plans cannot be loaded, and still answers the FAQ', async () => {
    const backend = new MarketingBackend();
    backend.resolvers.plans = () => {
      throw new Error('down');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/subscription-features', backend });
    expect(await screen.findByText('The plans could not be loaded. Please refresh the page to try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What is a token?' })).toBeInTheDocument();
    // Answers that quote a plan's price or tokens wait for the plans; Get Started leaves the number out.
    expect(screen.queryByRole('button', { name: 'How long is the Early Access price available?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Who needs Enterprise?' })).not.toBeInTheDocument();
    expect(screen.getByText('Start free. No credit card required, cancel anytime.')).toBeInTheDocument();
  });
});
