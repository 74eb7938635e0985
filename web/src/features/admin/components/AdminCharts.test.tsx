import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { AdminBackend } from '../test/admin-backend';
import { lastDays } from './AdminCharts';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

async function openCharts(backend = new AdminBackend()) {
  const view = renderApp({ path: '/admin-portal', backend, signedIn: true });
  const charts = await screen.findByRole('region', { name: 'Business by Day' }, { timeout: 10_000 });
  await within(charts).findByRole('table', { name: 'Revenue by Day' }, { timeout: 10_000 });
  return { ...view, backend, charts };
}

describe('the admin dashboard\'s charts', () => {
  it('shows the last 30 days by default, every chart with its table', async () => {
    const backend = new AdminBackend();
    const today = lastDays(1).to;
    backend.chartDays.set(today, { subscription: 1999, licence: 4000, refunds: 999, beats: 12, accounts: 3 });
    const { charts } = await openCharts(backend);
    const call = backend.adminRequests('/admin/charts')[0];
    expect(new URL(call.url, 'http://x').searchParams.get('from')).toBe(lastDays(30).from);
    expect(new URL(call.url, 'http://x').searchParams.get('to')).toBe(today);
    expect(call.headers.get('authorization')).toBe('Bearer access-1');
    const byDay = rowsOf(within(charts).getByRole('table', { name: 'Revenue by Day' }));
    expect(byDay).toHaveLength(30);
    expect(byDay.at(-1)).toEqual([today, '$19.99', '$40.00', '$9.99']);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Beats Generated per Day' })).at(-1)).toEqual([today, '12']);
    expect(rowsOf(within(charts).getByRole('table', { name: 'New Accounts per Day' })).at(-1)).toEqual([today, '3']);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Plan Mix' }))).toEqual([['Free', '0', '$0.00'], ['Premium', '30', '$599.70']]);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Payouts' }))).toEqual([['Pending', '1', '$12.97'], ['Held', '0', '$0.00'], ['Sent', '4', '$51.88'], ['Failed', '0', '$0.00']]);
    for (const name of ['Revenue by Day', 'Revenue by Month', 'Beats Generated per Day', 'New Accounts per Day', 'Plan Mix', 'Payouts']) {
      expect(within(within(charts).getByRole('region', { name })).getByRole('img')).toBeInTheDocument();
    }
  });

  it('every figure follows a new date range', async () => {
    const backend = new AdminBackend();
    backend.chartDays.set('2025-03-31', { subscription: 500, beats: 7, accounts: 1 });
    const { charts, user } = await openCharts(backend);
    const from = within(charts).getByLabelText('From');
    const to = within(charts).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2025-03-30');
    await user.clear(to);
    await user.type(to, '2025-04-01');
    await user.click(within(charts).getByRole('button', { name: 'Show' }));
    expect(await within(charts).findByText('Showing 2025-03-30 to 2025-04-01 (UTC).')).toBeInTheDocument();
    expect(rowsOf(within(charts).getByRole('table', { name: 'Revenue by Day' })).map((r) => r[0])).toEqual(['2025-03-30', '2025-03-31', '2025-04-01']);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Revenue by Month' }))).toEqual([['2025-03', '$5.00', '$0.00', '$0.00'], ['2025-04', '$0.00', '$0.00', '$0.00']]);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Beats Generated per Day' }))).toEqual([['2025-03-30', '0'], ['2025-03-31', '7'], ['2025-04-01', '0']]);
    expect(rowsOf(within(charts).getByRole('table', { name: 'Plan Mix' }))[1]).toEqual(['Premium', '3', '$59.97']);
    await user.click(within(charts).getByRole('button', { name: 'Last 7 days' }));
    await vi.waitFor(() => expect(rowsOf(within(charts).getByRole('table', { name: 'Revenue by Day' }))).toHaveLength(7));
  });

  it('shows the api\'s refusal of a range', async () => {
    const backend = new AdminBackend();
    backend.failures.set('/admin/charts', { status: 400, body: { error: 'The range must be at most 1096 days.' } });
    renderApp({ path: '/admin-portal', backend, signedIn: true });
    const charts = await screen.findByRole('region', { name: 'Business by Day' }, { timeout: 10_000 });
    expect(await within(charts).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('The range must be at most 1096 days.');
    expect(within(charts).queryByRole('table')).not.toBeInTheDocument();
  });
});
