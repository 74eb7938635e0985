import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { formatDate } from '../../../ui/format/dates';
import { AdminBackend } from '../test/admin-backend';

const LISTS = ['/admin/users', '/admin/user-subscriptions', '/admin/producers', '/admin/beat-orders', '/admin/subscription-payments', '/admin/audit-log'];
const TOTALS = ['/admin/total-users', '/admin/total-subscriptions', '/admin/total-producers', '/admin/total-beat-orders', '/admin/subscription-stats'];

const section = (name: string) => screen.getByRole('region', { name });
const pager = (name: string) => screen.getByRole('navigation', { name: `${name} pages` });
const bodyRows = (name: string) => within(section(name)).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

async function openDashboard(backend = new AdminBackend()) {
  const view = renderApp({ path: '/admin-portal', backend, signedIn: true });
  await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 5000 });
  await screen.findByText('Total Users', {}, { timeout: 5000 });
  return { ...view, backend };
}

describe('Admin Dashboard (/admin-portal)', () => {
  it('loads every list and total together on mount and shows the four cards', async () => {
    const { backend } = await openDashboard();
    for (const path of [...LISTS, ...TOTALS]) expect({ path, calls: backend.adminRequests(path).length }).toEqual({ path, calls: 1 });
    const card = (title: string) => screen.getByRole('heading', { name: title }).nextElementSibling?.textContent;
    expect(card('Total Users')).toBe('45');
    expect(card('Active Subscriptions')).toBe('15');
    expect(card('Total Producers')).toBe('25');
    expect(card('Beat Orders Revenue')).toBe('$69.99');
    // Every call carries the bearer token.
    expect(backend.adminRequests('/admin/users')[0].headers.get('authorization')).toBe('Bearer access-1');
  });

  it('shows the spec tables: statistics, users with a local date, subscriptions, producers, orders', async () => {
    await openDashboard();
    expect(within(section('Subscription Statistics')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Subscription Type', 'Count', 'Total Revenue']);
    expect(bodyRows('Subscription Statistics').map(cells)).toEqual([['Free', '30', '$0.00'], ['Premium', '15', '$1234.50']]);
    expect(within(section('Users')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Username', 'Email', 'User ID', 'Account Created']);
    expect(cells(bodyRows('Users')[0])).toEqual(['user0', 'user0@example.com', 'u-0', formatDate('2026-01-01T12:00:00.000Z')]);
    expect(bodyRows('Users')).toHaveLength(20);
    expect(within(section('Recent Subscriptions')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Username', 'Subscription Type', 'Tokens Remaining']);
    expect(cells(bodyRows('Recent Subscriptions')[0])).toEqual(['user0', 'Premium', '25']);
    expect(within(section('Producers')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Username', 'Producer Name', 'Files Uploaded']);
    expect(cells(bodyRows('Producers')[3])).toEqual(['maker3', 'Producer 3', '3']);
    // Beat Orders: the spec's producers, email and price, with the tier, the date and the status.
    expect(within(section('Beat Orders')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Producers', 'Customer Email', 'Tier', 'Date', 'Price', 'Status', 'Refund']);
    expect(cells(bodyRows('Beat Orders')[0]).slice(0, 6)).toEqual(['Nova, Kilo Beats', 'fan@example.com', 'Exclusive Rights (Indie)', formatDate('2026-11-26T10:00:00.000Z'), '$49.99', 'Paid']);
    expect(cells(bodyRows('Beat Orders')[1]).slice(0, 6)).toEqual(['Nova', 'dj@example.com', 'Standard Lease', formatDate('2026-11-20T10:00:00.000Z'), '$20.00', 'Paid']);
  });

  it('pages each list with Previous and Next, disabled at the ends, and reloads everything on a page change', async () => {
    const { backend, user } = await openDashboard();
    expect(within(pager('Users')).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager('Users')).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager('Users')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager('Users')).getByText('Page 2 of 3')).toBeInTheDocument());
    expect(cells(bodyRows('Users')[0])[0]).toBe('user20');
    expect(backend.adminRequests('/admin/users').at(-1)!.path).toBe('/admin/users?page=2');
    for (const path of [...LISTS, ...TOTALS]) expect({ path, calls: backend.adminRequests(path).length }).toEqual({ path, calls: 2 });
    await user.click(within(pager('Users')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager('Users')).getByText('Page 3 of 3')).toBeInTheDocument());
    expect(within(pager('Users')).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(bodyRows('Users')).toHaveLength(5);
    await user.click(within(pager('Users')).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(pager('Users')).getByText('Page 2 of 3')).toBeInTheDocument());
    // A one-page list has both buttons disabled.
    expect(within(pager('Beat Orders')).getByText('Page 1 of 1')).toBeInTheDocument();
    expect(within(pager('Beat Orders')).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The producers' pager moves only the producers.
    await user.click(within(pager('Producers')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager('Producers')).getByText('Page 2 of 2')).toBeInTheDocument());
    expect(within(pager('Users')).getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('a subscription row opens Update Tokens; Update posts the amount with the balance seen, refreshes the list and closes', async () => {
    const { backend, user } = await openDashboard();
    await user.click(bodyRows('Recent Subscriptions')[1]);
    const dialog = screen.getByRole('dialog', { name: 'Update Tokens for user1' });
    expect(within(dialog).getByText('Current tokens: 26')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('New token amount:');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('min', '0');
    await user.type(input, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.adminRequests('/admin/update-tokens').map((r) => r.body)).toEqual([{ user_id: 'u-1', tokens_remaining: 70, tokens_seen: 26 }]);
    await waitFor(() => expect(cells(bodyRows('Recent Subscriptions')[1])).toEqual(['user1', 'Free', '70']));
    expect(backend.adminRequests('/admin/user-subscriptions')).toHaveLength(2);
    // The audit log lists the change.
    expect(cells(bodyRows('Audit Log')[0]).slice(1)).toEqual(['admin@ysm.local', 'Updated tokens', 'u-1', 'tokensRemaining: 26', 'tokensRemaining: 70', 'Set by an admin on the dashboard']);
  });

  it('Cancel and the close icon only close; a bad amount is refused before posting', async () => {
    const { backend, user } = await openDashboard();
    await user.click(bodyRows('Recent Subscriptions')[0]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(bodyRows('Recent Subscriptions')[0]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(bodyRows('Recent Subscriptions')[0]);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a whole number of tokens, 0 or more.');
    await user.type(within(dialog).getByLabelText('New token amount:'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a whole number of tokens, 0 or more.');
    expect(backend.adminRequests('/admin/update-tokens')).toHaveLength(0);
  });

  it('a refused update (the balance changed) keeps the modal open with the reason', async () => {
    const backend = new AdminBackend();
    backend.postFailures.set('/admin/update-tokens', { status: 409, body: { error: 'The balance changed to 3 since you opened it; check it and try again.' } });
    const { user } = await openDashboard(backend);
    await user.click(bodyRows('Recent Subscriptions')[0]);
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('New token amount:'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The balance changed to 3 since you opened it; check it and try again.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a 401 (the session is gone) sends the user to /welcome, replacing history', async () => {
    const backend = new AdminBackend();
    backend.failures.set('/admin/users', { status: 401, body: { error: 'Sign in first.' } });
    const { router } = renderApp({ path: '/admin-portal', backend, signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), { timeout: 5000 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/admin/users', '/admin/producers', '/admin/total-beat-orders'])('%s answering 403 (signed in, not an admin) shows "Admins only" in place', async (path) => {
    const backend = new AdminBackend();
    backend.failures.set(path, { status: 403, body: { error: 'Only admins may do this.' } });
    const { router } = renderApp({ path: '/admin-portal', backend, signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-portal');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the generator' })).toHaveAttribute('href', '/');
    // The site layout's <main> is the page's only one.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('an action answered 403 (admin rights taken away meanwhile) shows "Admins only" too', async () => {
    const backend = new AdminBackend();
    backend.postFailures.set('/admin/update-tokens', { status: 403, body: { error: 'Only admins may do this.' } });
    const { user } = await openDashboard(backend);
    await user.click(bodyRows('Recent Subscriptions')[0]);
    await user.type(within(screen.getByRole('dialog')).getByLabelText('New token amount:'), '5');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
  });

  it('has one main landmark and puts every table in a labelled box a keyboard can focus and scroll', async () => {
    await openDashboard();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    for (const name of ['Subscription Statistics', 'Users', 'Recent Subscriptions', 'Producers', 'Beat Orders', 'Subscription Payments', 'Audit Log']) {
      const box = within(section(name)).getByRole('region', { name: `${name} table` });
      expect(box).toHaveAttribute('tabindex', '0');
      expect(box).toContainElement(within(section(name)).getByRole('table'));
    }
  });

  it('another failure is logged and says the dashboard could not be loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new AdminBackend();
    backend.failures.set('/admin/subscription-stats', { status: 500, body: { error: 'Something went wrong. Please try again.' } });
    const { router } = renderApp({ path: '/admin-portal', backend, signedIn: true });
    expect(await screen.findByText('The dashboard could not be loaded. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-portal');
    expect(errors).toHaveBeenCalled();
  });

  it('refunds an order with a reason; the list then shows it refunded', async () => {
    const { backend, user } = await openDashboard();
    await user.click(within(section('Beat Orders')).getByRole('button', { name: 'Refund order of fan@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order of $49.99' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason.');
    await user.type(within(dialog).getByLabelText('Reason:'), 'Customer complaint');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.adminRequests('/admin/refund-order').map((r) => r.body)).toEqual([{ order_id: 'o-1', reason: 'Customer complaint' }]);
    await waitFor(() => expect(cells(bodyRows('Beat Orders')[0]).slice(5)).toEqual(['Refunded', '—']));
    expect(screen.getByRole('heading', { name: 'Beat Orders Revenue' }).nextElementSibling).toHaveTextContent('$20.00');
  });

  it('refunds a subscription payment; a refused refund shows why', async () => {
    const backend = new AdminBackend();
    backend.postFailures.set('/admin/refund-subscription-payment', { status: 409, body: { error: 'This payment was already refunded.' } });
    const { user } = await openDashboard(backend);
    await user.click(within(section('Subscription Payments')).getByRole('button', { name: 'Refund payment of user0' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Premium payment of $20.00' });
    await user.type(within(dialog).getByLabelText('Reason:'), 'Money-back guarantee');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payment was already refunded.');
    backend.postFailures.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cells(bodyRows('Subscription Payments')[0])[4]).toBe('Refunded'));
  });

  it('searches users by email or username from page 1', async () => {
    const { backend, user } = await openDashboard();
    await user.click(within(pager('Users')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager('Users')).getByText('Page 2 of 3')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Search users'), 'user4');
    await user.click(within(section('Users')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(pager('Users')).getByText('Page 1 of 1')).toBeInTheDocument());
    expect(backend.adminRequests('/admin/users').at(-1)!.path).toBe('/admin/users?page=1&search=user4');
    expect(bodyRows('Users').map((r) => cells(r)[0])).toEqual(['user4', 'user40', 'user41', 'user42', 'user43', 'user44']);
  });
});
