import { screen, waitFor, within } from '@testing-library/react';
import { MarketingBackend, sampleBeat } from '../test/marketing-backend';
import { signinRequestStarted } from '../test/oidc-user';
import { renderApp } from '../test/render-app';

const START_BUTTONS = ['Start Creating Now - FREE', 'Try Free Demo', 'Generate Your Own Beats'];

describe('/welcome', () => {
  it('presents the product without the header, with plan and creator links', async () => {
    renderApp({ path: '/welcome' });
    expect(await screen.findByRole('heading', { level: 1, name: /Type a prompt/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans & Pricing' })).toHaveAttribute('href', '/subscription-features');
    expect(screen.getByRole('link', { name: 'Join Creator Program' })).toHaveAttribute('href', '/choice');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByText('You have been signed out.')).not.toBeInTheDocument();
  });

  it.each(START_BUTTONS)('"%s" signs a visitor in', async (label) => {
    const { user } = renderApp({ path: '/welcome' });
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(signinRequestStarted()).toBe(true));
  });

  it.each(START_BUTTONS)('"%s" takes a signed-in user to the generator', async (label) => {
    const { user, location } = renderApp({ path: '/welcome', signedIn: true });
    await user.click(await screen.findByRole('button', { name: label }));
    expect(location()).toBe('/');
    expect(signinRequestStarted()).toBe(false);
  });

  it('confirms a logout', async () => {
    renderApp({ path: '/welcome?from=logout' });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
  });
});

describe('/welcome sections', () => {
  it('makes only true claims, and links the offer and the creator programme', async () => {
    const backend = new MarketingBackend();
    backend.platformStats = { producers: 12, beatsThisMonth: 1_234 };
    const { user, location } = renderApp({ path: '/welcome', backend });
    await screen.findByRole('heading', { name: 'Early Access Premium' });
    expect(screen.getByText('$7.50')).toBeInTheDocument();
    expect(screen.getByText('$20')).toBeInTheDocument();
    expect(screen.getByText(/Save 62.5%/)).toBeInTheDocument();
    expect(screen.getByText(/Sign up before June 1st\./)).toBeInTheDocument();
    // Staff refund subscription payments within 30 days (the admin dashboard), so the guarantee is offered.
    expect(screen.getByText('30-day money-back guarantee')).toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getAllByText(/No credit card required/i).length).toBeGreaterThan(0);
    expect(screen.getByText(/90%/, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/100%/, { selector: 'strong' })).toBeInTheDocument();
    // Licences sell and producers are paid (issues 17 and 18): the payout promise is stated plainly.
    expect(screen.getByText(/you get paid through your connected payout account/)).toBeInTheDocument();
    expect(screen.queryByText(/Licensing and payouts are coming soon/)).not.toBeInTheDocument();
    expect(screen.getByText(/of licensing fees are yours/)).not.toHaveTextContent('Coming soon');
    // The figures come from the platformStats query; those the database cannot give are gone.
    const figures = await screen.findByRole('list', { name: 'The platform in numbers' });
    expect(figures).toHaveTextContent('12 producers contributing sounds');
    expect(figures).toHaveTextContent('1,234 beats made this month');
    for (const claim of ['500+', '10k+', '50M+', /record sales/]) expect(screen.queryByText(claim)).not.toBeInTheDocument();
    const testimonials = screen.getByRole('heading', { name: 'Made by artists, producers and labels' }).closest('section')!;
    expect(testimonials.querySelectorAll('blockquote')).toHaveLength(3);
    expect(within(testimonials).getAllByText('Example')).toHaveLength(3);
    expect(within(testimonials).getByRole('note')).toHaveTextContent('these quotes and names are invented, not from real customers');
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/subscription-features');
    expect(screen.getByRole('link', { name: 'View Plan Comparison' })).toHaveAttribute('href', '/subscription-features');
    await user.click(screen.getByRole('link', { name: 'See which genres need sounds' }));
    expect(location()).toBe('/data-set');
  });

  it('leaves out a figure the database has not got yet (no producers, no beats this month)', async () => {
    const backend = new MarketingBackend();
    backend.platformStats = { producers: 0, beatsThisMonth: 1 };
    renderApp({ path: '/welcome', backend });
    const figures = await screen.findByRole('list', { name: 'The platform in numbers' });
    expect(within(figures).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 beat made this month']);
  });

  it('shows four sample beats that play one at a time', async () => {
    const backend = new MarketingBackend();
    backend.sampleBeats = [1, 2, 3, 4].map((n) => sampleBeat(n));
    const played: string[] = [];
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { value: true, configurable: true });
      this.dispatchEvent(new Event('pause'));
    });
    const { user } = renderApp({ path: '/welcome', backend });
    const cards = await screen.findAllByRole('button', { name: /^Play Sample \d$/ });
    expect(cards).toHaveLength(4);
    expect(screen.getByText('Lo-Fi')).toBeInTheDocument();
    expect(screen.getAllByText('F# Minor · 140 BPM')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Play Sample 1' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause Sample 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Sample 3' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause Sample 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Sample 1' })).toBeInTheDocument();
    expect(played).toEqual(['http://api.test/media/beat-1.mp3', 'http://api.test/media/beat-3.mp3']);

    await user.click(screen.getByRole('button', { name: 'Pause Sample 3' }));
    expect(screen.getByRole('button', { name: 'Play Sample 3' })).toBeInTheDocument();
  });

  it('says so when a sample beat cannot play', async () => {
    const backend = new MarketingBackend();
    backend.sampleBeats = [sampleBeat(1)];
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(Object.assign(new Error('no source'), { name: 'NotSupportedError' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/welcome', backend });
    await user.click(await screen.findByRole('button', { name: 'Play Sample 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error playing audio. Please try again.');
  });

  it('explains the empty grid while the sample beats are being rendered', async () => {
    renderApp({ path: '/welcome', backend: new MarketingBackend() });
    expect(await screen.findByText(/being rendered from the sound library/)).toBeInTheDocument();
  });
});
