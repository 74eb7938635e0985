import { screen, within } from '@testing-library/react';
import { MarketingBackend } from '../../test/marketing-backend';
import { renderApp } from '../../test/render-app';

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
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(location()).toBe('/terms-conditions?tab=privacy');
  });

  it('compares the four licence kinds in columns', async () => {
    renderApp({ path: '/rights-usage', backend: new MarketingBackend() });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const columns = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(columns).toEqual(['Free Download', 'Standard Lease', 'Advance Lease', 'Exclusive Ownership']);
    expect(screen.getByText('Personal listening only.')).toBeInTheDocument();
    expect(screen.getByText('MP3, WAV and stems', { selector: '.licence-column--highlight dd' })).toBeInTheDocument();
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
