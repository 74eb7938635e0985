import { screen, within } from '@testing-library/react';
import { datasetOf, MarketingBackend } from '../../test/marketing-backend';
import { renderApp } from '../../test/render-app';

const SHARES: [string, number][] = [
  ['Ambient Rap Beats', 30], ['Bubble Gum Pop', 27], ['RnB Rap', 15], ['80s Synthwave', 10], ['Street Rap', 8.75], ['Hip-Hop', 5],
  ['Trap', 2.5], ['Drill', 1], ['Lo-Fi', 0.75],
];

function open() {
  const backend = new MarketingBackend();
  backend.dataset = datasetOf(SHARES);
  return renderApp({ path: '/data-set', backend });
}

describe('/data-set', () => {
  it('shows a genre\'s share to two decimals, its style and example artists when picked in the legend', async () => {
    const { user } = open();
    const legend = await screen.findByRole('list', { name: 'Genres' }, { timeout: 5000 });
    expect(within(legend).getAllByRole('button')).toHaveLength(20);
    expect(screen.getByText(/Select a slice of the chart or a genre in the legend/)).toBeInTheDocument();

    await user.click(within(legend).getByRole('button', { name: /Street Rap/ }));
    expect(within(legend).getByRole('button', { name: /Street Rap/ })).toHaveAttribute('aria-pressed', 'true');
    const detail = screen.getByRole('heading', { level: 2, name: 'Street Rap' }).closest<HTMLElement>('.genre-detail')!;
    expect(within(detail).getByText('8.75%')).toBeInTheDocument();
    expect(within(detail).getByText(/piano and string loops/)).toBeInTheDocument();
    expect(within(detail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Rod Wave', 'Lil Durk', 'NBA YoungBoy']);

    await user.click(within(legend).getByRole('button', { name: /^Hip-Hop/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Hip-Hop' })).toBeInTheDocument();
    expect(within(legend).getByRole('button', { name: /Street Rap/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reveals the genres under 7%, largest first, as expandable cards coloured by share', async () => {
    const { user } = open();
    const toggle = await screen.findByRole('button', { name: 'Show Contributions' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Genres Needing Contributions' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Hide Contributions');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = screen.getByRole('heading', { name: 'Genres Needing Contributions' }).closest('section')!;
    const cards = within(section).getAllByRole('button', { expanded: false });
    const names = cards.map((c) => c.querySelector('.contribution-card__name')!.textContent);
    // 5, 2.5, 1, 0.75, then the eleven genres at 0% in the catalogue's order.
    expect(names.slice(0, 4)).toEqual(['Hip-Hop', 'Trap', 'Drill', 'Lo-Fi']);
    expect(names).toHaveLength(15);
    expect(names).not.toContain('Street Rap');
    const item = (name: string) => cards[names.indexOf(name)].closest('.accordion__item')!;
    expect(item('Hip-Hop')).toHaveClass('contribution-card--red-5');
    expect(item('Trap')).toHaveClass('contribution-card--red-2');
    expect(item('Drill')).toHaveClass('contribution-card--red-1');
    expect(item('Lo-Fi')).toHaveClass('contribution-card--critical');

    await user.click(cards[1]);
    expect(within(section).getByRole('region', { name: /Trap/ })).toHaveTextContent('Example artists: Future, Metro Boomin, Young Thug');

    await user.click(toggle);
    expect(toggle).toHaveTextContent('Show Contributions');
    expect(screen.queryByRole('heading', { name: 'Genres Needing Contributions' })).not.toBeInTheDocument();
  });

  it('colours a genre between 6% and 7% yellow', async () => {
    const backend = new MarketingBackend();
    backend.dataset = datasetOf([['Trap', 93.5], ['Soul', 6.5]]);
    const { user } = renderApp({ path: '/data-set', backend });
    await user.click(await screen.findByRole('button', { name: 'Show Contributions' }, { timeout: 5000 }));
    const soul = screen.getByText('Soul', { selector: '.contribution-card__name' }).closest('.accordion__item');
    expect(soul).toHaveClass('contribution-card--yellow');
  });

  it('says when the catalogue has no tagged samples yet', async () => {
    renderApp({ path: '/data-set', backend: new MarketingBackend() });
    expect(await screen.findByText(/No samples are tagged with these genres yet/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('goes back home', async () => {
    const { user, location } = open();
    await user.click(await screen.findByRole('link', { name: 'Back to Home' }, { timeout: 5000 }));
    expect(location()).toBe('/');
  });
});
