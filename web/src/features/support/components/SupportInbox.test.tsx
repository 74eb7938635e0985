import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { AdminSupportBackend, supportMessage } from '../test/support-backend';

function openInbox(backend: AdminSupportBackend) {
  backend.user = { ...backend.user, isAdmin: true };
  return renderApp({ path: '/admin-portal', signedIn: true, backend });
}

const refund = () => ({
  id: 'request-1', paymentId: 'payment-1', status: 'PENDING' as const, planName: 'Premium', amountCents: 2000, currency: 'usd',
  paidAt: '2026-11-20T10:00:00.000Z', reason: 'Not for me.', declineReason: null, createdAt: '2026-11-26T10:00:00.000Z', decidedAt: null,
});

describe('the admin Inbox', () => {
  it('lists open messages with their plan; a reply is sent, kept in the thread, and the message leaves Open', async () => {
    const backend = new AdminSupportBackend();
    backend.support.messages = [supportMessage({ id: 'm-ent', planName: 'Enterprise', message: 'Invoice please', username: 'label' }), supportMessage({ id: 'm-free', planName: 'Free', username: null, senderName: 'Ada', senderEmail: 'ada@example.com', message: 'Hello there' })];
    const { user } = openInbox(backend);
    const inbox = await screen.findByRole('region', { name: 'Inbox' }, { timeout: 5000 });
    expect(await within(inbox).findByRole('button', { name: 'Open (2)' })).toHaveAttribute('aria-pressed', 'true');
    const items = within(inbox).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([expect.stringContaining('Enterprise'), expect.stringContaining('Free')]);

    await user.click(within(items[1]).getByText('Ada <ada@example.com>'));
    expect(within(items[1]).getByText('Hello there')).toBeVisible();
    expect(within(items[1]).getByText(/\(not signed in\)/)).toBeInTheDocument();
    await user.type(within(items[1]).getByLabelText('Reply (mailed to the sender)'), 'Hello Ada.');
    await user.click(within(items[1]).getByRole('button', { name: 'Send reply' }));
    expect(await within(inbox).findByRole('button', { name: 'Open (1)' })).toBeInTheDocument();
    expect(backend.support.messages[1]).toMatchObject({ status: 'ANSWERED', replies: [{ text: 'Hello Ada.', authorEmail: 'demo@ysm.local' }] });

    await user.click(within(inbox).getByRole('button', { name: 'Answered (1)' }));
    const answered = await within(inbox).findByText('Hello there');
    const item = answered.closest('li')!;
    await user.click(within(item).getByText('Ada <ada@example.com>'));
    expect(within(within(item).getByRole('list', { name: 'Replies' })).getByText('Hello Ada.')).toBeInTheDocument();
  });

  it('approves a money-back request with one click, and declines another only with a reason', async () => {
    const backend = new AdminSupportBackend();
    backend.support.messages = [
      supportMessage({ id: 'm1', topic: 'REFUND_REQUEST', message: 'Not for me.', refundRequest: refund() }),
      supportMessage({ id: 'm2', topic: 'REFUND_REQUEST', message: 'No reason given.', username: 'bob', refundRequest: { ...refund(), id: 'request-2', paymentId: 'payment-2' } }),
    ];
    const { user } = openInbox(backend);
    const inbox = await screen.findByRole('region', { name: 'Inbox' }, { timeout: 5000 });
    const [first, second] = await within(inbox).findAllByRole('listitem');
    await user.click(first.querySelector('summary')!);
    expect(within(first).getByText(/Money-back request: Premium payment of \$20\.00, paid on .*\. Status: Waiting for our answer\./)).toBeInTheDocument();
    // A pending request is answered by its own buttons, not closed aside.
    expect(within(first).queryByRole('button', { name: 'Close without replying' })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Approve refund of $20.00' }));
    expect(await within(inbox).findByRole('button', { name: 'Open (1)' })).toBeInTheDocument();
    expect(backend.support.messages[0]).toMatchObject({ status: 'CLOSED', refundRequest: { status: 'APPROVED' } });
    // The dashboard's lists load again: the payment and the audit log changed.
    await vi.waitFor(() => expect(backend.adminRequests('/admin/subscription-payments')).toHaveLength(2));

    await user.click(second.querySelector('summary')!);
    await user.click(within(second).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the refund of $20.00' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the refund is declined.');
    await user.type(within(dialog).getByLabelText('Why? (mailed to the subscriber)'), 'Used most tokens.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline refund' }));
    expect(await within(inbox).findByRole('button', { name: 'Open (0)' })).toBeInTheDocument();
    expect(backend.support.messages[1]).toMatchObject({ status: 'CLOSED', refundRequest: { status: 'DECLINED', declineReason: 'Used most tokens.' } });
    await vi.waitFor(() => expect(backend.adminRequests('/admin/audit-log')).toHaveLength(3));
  });

  it("shows the api's refusal of an approval (another admin decided first)", async () => {
    const backend = new AdminSupportBackend();
    backend.support.messages = [supportMessage({ id: 'm1', topic: 'REFUND_REQUEST', refundRequest: refund() })];
    backend.support.onApprove = () => {
      backend.support.messages[0].refundRequest!.status = 'APPROVED';
    };
    const { user } = openInbox(backend);
    const inbox = await screen.findByRole('region', { name: 'Inbox' }, { timeout: 5000 });
    const [item] = await within(inbox).findAllByRole('listitem');
    await user.click(item.querySelector('summary')!);
    await user.click(within(item).getByRole('button', { name: 'Approve refund of $20.00' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('This refund request was already approved.');
  });
});
