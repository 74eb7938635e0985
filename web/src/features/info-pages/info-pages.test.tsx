import { screen, within } from '@testing-library/react';
import { MarketingBackend } from '../../test/marketing-backend';
import { renderApp } from '../../test/render-app';
import { defaultTierTerms } from '../../../../api/src/modules/licences/licence-tier-terms';
import { formatUsd } from '../licences/lease-tiers';

const PAGES = [
  { path: '/subscription-features', heading: 'Pick the plan that fits how you make music' },
  { path: '/beat-editing', heading: 'How Beat Editing Works' },
  { path: '/rights-usage', heading: 'Rights and Usage of Music' },
  { path: '/ysm-licenses', heading: 'AI System Licenses and Training Information' },
  { path: '/about', heading: 'About our team' },
  { path: '/terms-conditions', heading: 'Terms and Privacy' },
  { path: '/data-set', heading: 'Our Dataset' },
  { path: '/developers', heading: 'Build with the API' },
];

describe('information pages', () => {
  it.each(PAGES)('$path is public, with the header, its title and the footer', async ({ path, heading }) => {
    const { location } = renderApp({ path, backend: new MarketingBackend() });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/subscription-features', '/beat-editing', '/rights-usage', '/ysm-licenses', '/terms-conditions', '/about', '/developers', '/contact', 'mailto:help@ysm-support.test',
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} YSM. All rights reserved.`)).toBeInTheDocument();
  });
});

describe('/about', () => {
  it('says where and when the company started and gives mission and vision', async () => {
    renderApp({ path: '/about', backend: new MarketingBackend() });
    await screen.findByRole('heading', { level: 1, name: 'About our team' }, { timeout: 5000 });
    expect(screen.getByText('Los Angeles')).toBeInTheDocument();
    expect(screen.getByText('2023')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our vision' })).toBeInTheDocument();
    expect(screen.getByText('Co-founder & CEO')).toBeInTheDocument();
    expect(screen.getByText('Co-founder & CTO')).toBeInTheDocument();
    // The leaders are written examples, and say so.
    const leadership = screen.getByRole('heading', { name: 'Leadership' }).closest('section')!;
    expect(within(leadership).getByRole('note')).toHaveTextContent('Example profiles: these are not real people.');
    expect(within(leadership).getAllByText('Example')).toHaveLength(2);
    expect(screen.getByText('Of licensing fees to creators')).toBeInTheDocument();
  });

  it('opens each leader\'s More Details modal with focus inside; Close and Escape return focus to the button', async () => {
    const { user } = renderApp({ path: '/about', backend: new MarketingBackend() });
    const buttons = await screen.findAllByRole('button', { name: /^More Details/ }, { timeout: 5000 });
    expect(buttons).toHaveLength(2);

    await user.click(buttons[0]);
    const dialog = screen.getByRole('dialog', { name: 'Jordan Ellis' });
    const close = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(close.at(-1)).toHaveFocus();
    await user.click(close.at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buttons[0]).toHaveFocus();

    await user.click(buttons[1]);
    expect(screen.getByRole('dialog', { name: 'Priya Raman' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buttons[1]).toHaveFocus();
  });
});

describe('/terms-conditions', () => {
  it('opens on Terms & Conditions, switches to Privacy Policy and keeps it in the address', async () => {
    const { user, location } = renderApp({ path: '/terms-conditions', backend: new MarketingBackend() });
    const terms = await screen.findByRole('tab', { name: 'Terms & Conditions' }, { timeout: 5000 });
    expect(terms).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Terms & Conditions' })).toHaveTextContent('Plans, tokens and payments');
    await user.click(screen.getByRole('tab', { name: 'Privacy Policy' }));
    expect(screen.getByRole('tabpanel', { name: 'Privacy Policy' })).toHaveTextContent('What we collect');
    expect(location()).toBe('/terms-conditions?tab=privacy');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Terms & Conditions' })).toHaveFocus();
    expect(location()).toBe('/terms-conditions');
  });

  it('opens the Privacy Policy from a link', async () => {
    renderApp({ path: '/terms-conditions?tab=privacy', backend: new MarketingBackend() });
    expect(await screen.findByRole('tab', { name: 'Privacy Policy' }, { timeout: 5000 })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/ysm-licenses and /rights-usage', () => {
  it('covers the licence and training sections, linking the Privacy Policy', async () => {
    const { user, location } = renderApp({ path: '/ysm-licenses', backend: new MarketingBackend() });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Training Data Information', 'Data Usage Rights', 'Data Processing', 'Compliance and Ethical Considerations', 'Proprietary Software',
      'Model Development Tools',
    ]);
    expect(screen.getAllByText('Work-in-Progress... Coming soon')).toHaveLength(2);
    // What happens to uploads, as the product does it: no model training, no content-ID watermarking.
    const page = screen.getByRole('main').textContent;
    expect(page).not.toMatch(/is used to train|watermark|content-ID/i);
    expect(page).toContain('it does not train a model on them');
    const processing = screen.getByRole('heading', { name: 'Data Processing' }).closest('section')!;
    for (const step of ['Analysed:', 'Matched and arranged:', 'Credited:', 'Paid:']) expect(processing).toHaveTextContent(step);
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(location()).toBe('/terms-conditions?tab=privacy');
  });

  it('compares the four licence kinds in columns', async () => {
    renderApp({ path: '/rights-usage', backend: new MarketingBackend() });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const columns = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(columns).toEqual(['Free Download', 'Standard Lease', 'Advance Lease', 'Exclusive Ownership']);
    expect(screen.getByText('Personal listening only.')).toBeInTheDocument();
    expect(await screen.findByText('MP3, WAV and stems', { selector: '.licence-column--highlight dd' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('quotes every term from the api\'s terms module, the one the checkout and the licence PDF use', async () => {
    renderApp({ path: '/rights-usage', backend: new MarketingBackend() });
    const column = async (name: string) => (await screen.findByRole('heading', { level: 3, name }, { timeout: 5000 })).closest('li')!;
    await screen.findByText('MP3 and WAV', {}, { timeout: 5000 });
    const tiers = defaultTierTerms();
    const byTier = Object.fromEntries(tiers.map((t) => [t.tier, t]));
    const term = (tier: string, label: string) => byTier[tier].terms.find((t) => t.label === label)!.value;
    for (const [name, tier] of [['Standard Lease', 'standard'], ['Advance Lease', 'advanced']] as const) {
      const facts = (await column(name)).querySelector('dl')!;
      expect(facts).toHaveTextContent(`Files${byTier[tier].files}`);
      expect(facts).toHaveTextContent(`Streams${byTier[tier].streams}`);
      expect(facts).toHaveTextContent(`Term${term(tier, 'Term (years)')} years`);
      expect(facts).toHaveTextContent(`Copies${term(tier, 'Distribution copies')}`);
      expect(facts).toHaveTextContent(`Default price${formatUsd(byTier[tier].defaultPriceCents)}`);
    }
    // The numbers the walk found disagreeing: the Advanced Lease's streams are the defaults' 250,000.
    expect(within(await column('Advance Lease')).getByText('250,000 streams')).toBeInTheDocument();
    const exclusive = within(await column('Exclusive Ownership'));
    expect(exclusive.getByText(byTier.excindie.streams)).toBeInTheDocument();
    expect(exclusive.getByText(byTier.excindie.files)).toBeInTheDocument();
    // A beat is unique to the listener who generated it: no lease keeps it "available to others".
    expect(document.body.textContent).not.toMatch(/available to others|non-exclusive/i);
    expect(screen.getByRole('heading', { name: 'Who owns what' }).closest('section')).toHaveTextContent('never given to anyone else');
  });

  it('says when the terms could not be loaded, and loads them again on Try again', async () => {
    const backend = new MarketingBackend();
    const resolve = backend.resolvers.licenceTierTerms;
    backend.resolvers.licenceTierTerms = () => {
      throw new Error('down');
    };
    const { user } = renderApp({ path: '/rights-usage', backend });
    expect(await screen.findByText('The licence terms could not be loaded.', { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    backend.resolvers.licenceTierTerms = resolve;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('250,000 streams', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends the reader to the player\'s Get License now that licences sell, and says how producers are paid', async () => {
    renderApp({ path: '/rights-usage', backend: new MarketingBackend() });
    const buying = (await screen.findByRole('heading', { name: 'Buying a licence' }, { timeout: 5000 })).closest('section')!;
    expect(within(buying).getByText('Get License')).toBeInTheDocument();
    expect(buying).toHaveTextContent('to open Purchase Rights');
    expect(buying).not.toHaveTextContent('Coming soon');
    expect(buying).not.toHaveTextContent('Buying a licence is not open yet');
    // Producers are paid (the payouts issue's myEarnings exists): the page says how, in the present.
    expect(screen.getByRole('heading', { name: 'Tracked for auditing' }).closest('section')).toHaveTextContent('how they are paid (90% of licensing fees');
  });
});

// /choice is the producers' contribute choice: its tests are in features/producers.
