import { screen, within } from '@testing-library/react';
import { formatDate } from '../../../ui/format/dates';
import { gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { ProducersBackend, earningsOrder, earningsTotals } from '../test/producers-backend';

async function openEarnings(backend: ProducersBackend) {
  const app = renderApp({ path: '/contributor-setup', signedIn: true, backend });
  const section = await screen.findByRole('region', { name: 'My Earnings' }, { timeout: 10_000 });
  return { ...app, section };
}

describe('My Earnings on /contributor-setup', () => {
  it('shows the totals, each order with beat, tier, date, share and amount, and the loops in beats', async () => {
    const backend = new ProducersBackend();
    backend.earnings = {
      totals: earningsTotals({ earnedCents: 4150, paidCents: 1038, heldCents: 2594, reversedCents: 518 }),
      orders: [
        earningsOrder({ reversedCents: 518 }),
        earningsOrder({ orderId: 'order-2', beatTitle: 'Blue Hour', tier: 'exclabel', date: '2026-11-25T09:00:00.000Z', sharePercent: 33.33, amountCents: 2594, status: 'held' }),
      ],
      loops: [
        { id: 'comp-1', kind: 'composition', name: 'keys.wav + 1 more', type: 'Melody', bpm: 140, beats: 2, withdrawn: false },
        { id: 'drum-1', kind: 'drum', name: 'Kick_140.wav', type: 'Kicks', bpm: 140, beats: 1, withdrawn: true },
      ],
    };
    const { section } = await openEarnings(backend);
    const totals = await within(section).findByLabelText('Earnings totals');
    const total = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(total('Earned')).toBe('$41.50');
    expect(total('Paid')).toBe('$10.38');
    expect(total('Held')).toBe('$25.94');
    expect(total('Reversed')).toBe('$5.18');
    expect(total('Failed')).toBe('$0.00');

    const night = within(section).getByRole('row', { name: 'Night Drive' });
    expect(within(night).getByText('Standard Lease')).toBeInTheDocument();
    expect(within(night).getByText(formatDate('2026-11-24T18:30:00.000Z'))).toBeInTheDocument();
    expect(within(night).getByText('60.00%')).toBeInTheDocument();
    expect(within(night).getByText('$15.56')).toBeInTheDocument();
    expect(within(night).getByText('$5.18 reversed by a refund')).toBeInTheDocument();
    expect(within(night).getByText('Paid')).toBeInTheDocument();
    const blue = within(section).getByRole('row', { name: 'Blue Hour' });
    expect(within(blue).getByText('Exclusive Rights (Label)')).toBeInTheDocument();
    expect(within(blue).getByText('33.33%')).toBeInTheDocument();
    expect(within(blue).getByText('Held until your payout account is ready')).toBeInTheDocument();
    expect(within(section).getByText('(2)')).toBeInTheDocument();

    const loops = within(section).getAllByRole('listitem');
    expect(loops.map((l) => l.textContent)).toEqual(['keys.wav + 1 moreMelody · 140 BPM2 beats', 'Kick_140.wavKicks · 140 BPM · withdrawn1 beat']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(backend.operations('MyEarnings')[0].headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('tells a new producer nothing was sold yet', async () => {
    const { section } = await openEarnings(new ProducersBackend());
    expect(await within(section).findByText('No licence of a beat with your loops has been sold yet.')).toBeInTheDocument();
    expect(within(section).getByText('You have not uploaded any loops yet.')).toBeInTheDocument();
  });

  it('says so when a transfer failed', async () => {
    const backend = new ProducersBackend();
    backend.earnings = { totals: earningsTotals({ earnedCents: 847, failedCents: 847 }), orders: [earningsOrder({ amountCents: 847, status: 'failed' })], loops: [] };
    const { section } = await openEarnings(backend);
    expect(await within(section).findByRole('alert')).toHaveTextContent('A transfer to your payout account was refused.');
    expect(within(within(section).getByRole('row', { name: 'Night Drive' })).getByText('Transfer failed')).toBeInTheDocument();
  });

  it('pages through the orders, 20 a page', async () => {
    const backend = new ProducersBackend();
    backend.earnings = { totals: earningsTotals(), orders: Array.from({ length: 25 }, (_, i) => earningsOrder({ orderId: `o${i}`, beatTitle: `Beat ${i + 1}` })), loops: [] };
    const { section, user } = await openEarnings(backend);
    expect(await within(section).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Beat 20' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('row', { name: 'Beat 21' })).toBeInTheDocument();
    expect(within(section).queryByRole('row', { name: 'Beat 1' })).not.toBeInTheDocument();
    expect(backend.operations('MyEarnings').map((o) => (o.body as { variables: { page: number } }).variables.page)).toContain(2);
  });

  it('offers a retry when the earnings could not be loaded', async () => {
    const backend = new ProducersBackend();
    let fail = true;
    backend.overrides.set('myEarnings', () => {
      if (fail) throw gqlError('Database unavailable', 'INTERNAL_SERVER_ERROR');
      return { totals: earningsTotals({ earnedCents: 100 }), orders: { items: [], total: 0, page: 1, pages: 1 }, loops: [] };
    });
    const { section, user } = await openEarnings(backend);
    expect(await within(section).findByText(/Your earnings could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('$1.00')).toBeInTheDocument();
  });
});
