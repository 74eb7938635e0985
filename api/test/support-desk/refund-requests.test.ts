import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { idOf, rest, signInAdmin, sqlOf, type Sql } from '../admin/admin-support';
import { DESK_ENV, MESSAGE_FIELDS, count, deliveredMail, freshNetwork, gql, outbox } from './desk-support';

let test: TestApp;
let sql: Sql;
let admin: SignedInUser & { id: string };
beforeAll(async () => {
  test = await startTestApp(DESK_ENV);
  sql = sqlOf(test);
  admin = await signInAdmin(test);
});
afterAll(() => test?.close());

const MONEY_BACK = `{ moneyBackPayments { paymentId subscriptionType amountCents currency paidAt refundableUntil refundedAt canRequestRefund
  refundRequest { id status reason declineReason } } }`;
const REQUEST = 'mutation($i: RequestRefundInput!) { requestRefund(input: $i) { id paymentId status planName amountCents currency reason } }';
const APPROVE = `mutation($r: ID!) { approveRefundRequest(requestId: $r) { ${MESSAGE_FIELDS} } }`;
const DECLINE = `mutation($r: ID!, $why: String!) { declineRefundRequest(requestId: $r, reason: $why) { ${MESSAGE_FIELDS} } }`;

const as = (user: SignedInUser | null) => ({ token: user?.accessToken ?? null, ip: freshNetwork() });

/** Subscribes `user` to a plan through the local checkout (the money is a subscription_payments row). */
async function subscribe(user: SignedInUser, priceId: string): Promise<string> {
  const start = await rest(test, 'POST', '/subscription-checkout-session', user.accessToken, { price_id: priceId });
  const paid = await fetch(`${start.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const [payment] = await sql<{ id: string }>('select id from subscription_payments where user_id = ? order by paid_at desc limit 1', [await idOf(test, user)]);
  return payment.id;
}

async function subscriber(name: string, priceId = 'premium') {
  const user = await registerAndSignIn(test, name);
  const paymentId = await subscribe(user, priceId);
  return { user, paymentId, id: await idOf(test, user) };
}

describe('asking for a refund on My Account', () => {
  let sub: Awaited<ReturnType<typeof subscriber>>;
  beforeAll(async () => {
    sub = await subscriber('refunder');
  });

  it('lists the recent payment as refundable until 30 days after it was taken', async () => {
    const answer = await gql<{ moneyBackPayments: Record<string, unknown>[] }>(test, as(sub.user), MONEY_BACK);
    expect(answer.errors).toBeUndefined();
    const [payment] = answer.data!.moneyBackPayments;
    expect(payment).toMatchObject({ paymentId: sub.paymentId, subscriptionType: 'Premium', amountCents: 2000, currency: 'usd', refundedAt: null, canRequestRefund: true, refundRequest: null });
    expect(Date.parse(payment.refundableUntil as string) - Date.parse(payment.paidAt as string)).toBe(30 * 86_400_000);
    expect((await gql(test, as(null), MONEY_BACK)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("refuses another user's payment and unknown ones as NOT_FOUND, and bad input, storing nothing", async () => {
    const other = await subscriber('other');
    const refusals: [SignedInUser | null, Record<string, unknown>, string, string][] = [
      [sub.user, { paymentId: other.paymentId }, 'NOT_FOUND', 'No such subscription payment.'],
      [other.user, { paymentId: sub.paymentId }, 'NOT_FOUND', 'No such subscription payment.'],
      [sub.user, { paymentId: randomUUID() }, 'NOT_FOUND', 'No such subscription payment.'],
      [sub.user, { paymentId: 'not-a-payment' }, 'NOT_FOUND', 'No such subscription payment.'],
      [sub.user, { paymentId: sub.paymentId, reason: 'r'.repeat(1001) }, 'BAD_USER_INPUT', 'The reason is at most 1,000 characters.'],
      [null, { paymentId: sub.paymentId }, 'UNAUTHENTICATED', 'Authentication required.'],
    ];
    for (const [user, input, code, message] of refusals) {
      const answer = await gql(test, as(user), REQUEST, { i: input });
      expect({ input, error: answer.errors?.[0] }).toMatchObject({ input, error: { message, extensions: { code } } });
    }
    expect(await count(test, 'refund_requests')).toBe(0);
    expect(await count(test, 'support_messages')).toBe(0);
  });

  it('asked three times at once: one request, one Inbox message, one pair of mails; the others are told it was asked already', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => gql<{ requestRefund: Record<string, unknown> }>(test, as(sub.user), REQUEST, { i: { paymentId: sub.paymentId, reason: 'The editor is not for me.' } })));
    const ok = answers.filter((a) => !a.errors);
    expect(ok).toHaveLength(1);
    expect(ok[0].data!.requestRefund).toMatchObject({ paymentId: sub.paymentId, status: 'PENDING', planName: 'Premium', amountCents: 2000, currency: 'usd', reason: 'The editor is not for me.' });
    for (const refused of answers.filter((a) => a.errors)) {
      expect(refused.errors![0]).toMatchObject({ message: 'You already asked for a refund of this payment.', extensions: { code: 'CONFLICT' } });
    }
    expect(await count(test, 'refund_requests')).toBe(1);
    const messages = await sql<Record<string, unknown>>('select topic, message, reference, sender_email, status from support_messages');
    expect(messages).toEqual([{ topic: 'refund_request', message: 'The editor is not for me.', reference: sub.paymentId, sender_email: sub.user.email, status: 'open' }]);

    const requestId = ok[0].data!.requestRefund.id as string;
    const mails = await outbox(test, `refund-request:${requestId}`);
    expect(mails.map((m) => [m.dedup_key.split(':')[2], m.to_address])).toEqual([['ack', sub.user.email], ['support', 'help@beats-support.co']]);
    expect(mails[1].subject).toBe(`[YSM support] Money-back request from ${sub.user.email}`);
    expect(mails[1].text).toContain('Payment: Premium, $20.00, taken on');
    expect(mails[0].subject).toBe('We received your refund request');
    expect(await deliveredMail(test, mails[1].id)).toMatch(/^To: help@beats-support\.co$/m);

    // Later, once more: the same answer.
    const again = await gql(test, as(sub.user), REQUEST, { i: { paymentId: sub.paymentId } });
    expect(again.errors?.[0]).toMatchObject({ message: 'You already asked for a refund of this payment.', extensions: { code: 'CONFLICT' } });
    const listed = await gql<{ moneyBackPayments: { canRequestRefund: boolean; refundRequest: { status: string } | null }[] }>(test, as(sub.user), MONEY_BACK);
    expect(listed.data!.moneyBackPayments[0]).toMatchObject({ canRequestRefund: false, refundRequest: { status: 'PENDING' } });
  });

  it('refuses a payment older than 30 days, storing nothing', async () => {
    const late = await subscriber('late', 'early_access');
    await sql(`update subscription_payments set paid_at = now() - interval '31 days' where id = ?`, [late.paymentId]);
    const before = await count(test, 'refund_requests');
    const answer = await gql(test, as(late.user), REQUEST, { i: { paymentId: late.paymentId } });
    expect(answer.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(answer.errors?.[0]?.message).toMatch(/^Refunds can be asked for within 30 days of a payment; this one was taken on \d{4}-\d{2}-\d{2}\.$/);
    expect(await count(test, 'refund_requests')).toBe(before);
    // Past the window and never asked about: My Account no longer lists it.
    expect((await gql<{ moneyBackPayments: unknown[] }>(test, as(late.user), MONEY_BACK)).data!.moneyBackPayments).toEqual([]);
  });
});

describe('the admin decides in the Inbox', () => {
  const INBOX = `{ supportInbox { items { ${MESSAGE_FIELDS} } } }`;

  async function requestOf(user: SignedInUser, paymentId: string, reason?: string): Promise<string> {
    const answer = await gql<{ requestRefund: { id: string } }>(test, as(user), REQUEST, { i: { paymentId, reason } });
    expect(answer.errors).toBeUndefined();
    return answer.data!.requestRefund.id;
  }

  it('shows the request with its payment; a pending request cannot be closed or answered by status alone', async () => {
    const sub = await subscriber('shown', 'enterprise');
    const requestId = await requestOf(sub.user, sub.paymentId);
    const inbox = await gql<{ supportInbox: { items: { id: string; topic: string; message: string; planName: string; refundRequest: Record<string, unknown> | null }[] } }>(test, as(admin), INBOX);
    const item = inbox.data!.supportInbox.items.find((m) => m.refundRequest?.id === requestId)!;
    expect(item).toMatchObject({ topic: 'REFUND_REQUEST', message: 'No reason given.', planName: 'Enterprise', refundRequest: { status: 'PENDING', planName: 'Enterprise', amountCents: 50000, reason: null } });
    // Enterprise first.
    expect(inbox.data!.supportInbox.items[0].id).toBe(item.id);
    for (const status of ['CLOSED', 'ANSWERED']) {
      const refused = await gql(test, as(admin), `mutation($m: ID!) { setSupportMessageStatus(messageId: $m, status: ${status}) { id } }`, { m: item.id });
      expect(refused.errors?.[0]).toMatchObject({ message: 'Approve or decline this refund request first.', extensions: { code: 'CONFLICT' } });
    }
  });

  it('is for admins only, and a decline needs a reason', async () => {
    const sub = await subscriber('guarded');
    const requestId = await requestOf(sub.user, sub.paymentId);
    for (const [mutation, variables] of [[APPROVE, { r: requestId }], [DECLINE, { r: requestId, why: 'No.' }]] as const) {
      expect((await gql(test, as(sub.user), mutation, variables)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await gql(test, as(null), mutation, variables)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const blank = await gql(test, as(admin), DECLINE, { r: requestId, why: '   ' });
    expect(blank.errors?.[0]).toMatchObject({ message: 'Say why the refund is declined.', extensions: { code: 'BAD_USER_INPUT' } });
    const long = await gql(test, as(admin), DECLINE, { r: requestId, why: 'w'.repeat(501) });
    expect(long.errors?.[0]).toMatchObject({ message: 'The reason is at most 500 characters.', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(test, as(admin), APPROVE, { r: randomUUID() })).errors?.[0]).toMatchObject({ message: 'No such refund request.', extensions: { code: 'NOT_FOUND' } });
    expect((await gql(test, as(admin), APPROVE, { r: 'nope' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const [row] = await sql<{ status: string }>('select status from refund_requests where id = ?', [requestId]);
    expect(row.status).toBe('pending');
    const [payment] = await sql<{ refunded_cents: number }>('select refunded_cents from subscription_payments where id = ?', [sub.paymentId]);
    expect(payment.refunded_cents).toBe(0);
  });

  it('approved three times at once: refunded once as an admin refund (plan, renewal, audit), the subscriber mailed and shown it', async () => {
    const sub = await subscriber('approved');
    const requestId = await requestOf(sub.user, sub.paymentId, 'Changed my mind.');
    const answers = await Promise.all([1, 2, 3].map(() => gql<{ approveRefundRequest: Record<string, unknown> }>(test, as(admin), APPROVE, { r: requestId })));
    const ok = answers.filter((a) => !a.errors);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(refused.errors![0]).toMatchObject({ message: 'This refund request was already approved.', extensions: { code: 'CONFLICT' } });
    }
    expect(ok[0].data!.approveRefundRequest).toMatchObject({
      status: 'CLOSED',
      refundRequest: { id: requestId, status: 'APPROVED', decidedAt: expect.any(String) },
      replies: [{ text: 'Refund approved: $20.00 refunded.', authorEmail: admin.email }],
    });

    // The existing refund path: the money back in full, once; renewal stopped; the account on Free; one audit entry.
    const [payment] = await sql<{ refunded_cents: number; refunded_by: string }>('select refunded_cents, refunded_by from subscription_payments where id = ?', [sub.paymentId]);
    expect(payment).toEqual({ refunded_cents: 2000, refunded_by: admin.id });
    const [subscription] = await sql<{ cancel_at_period_end: boolean }>('select cancel_at_period_end from subscriptions where user_id = ?', [sub.id]);
    expect(subscription.cancel_at_period_end).toBe(true);
    expect(await test.app.services.billingAccounts.levelOf(sub.id)).toBe(1);
    const audit = await sql<{ reason: string }>(`select reason from admin_audit_entries where action = 'refund_subscription_payment' and target_id = ?`, [sub.paymentId]);
    expect(audit).toEqual([{ reason: `Money-back request ${requestId}` }]);

    const [mail] = await outbox(test, `refund-request:${requestId}:decision`);
    expect(mail).toMatchObject({ to_address: sub.user.email, subject: 'Your refund was approved' });
    expect(mail.text).toContain('We refunded your Premium payment of $20.00 on');
    expect(await deliveredMail(test, mail.id)).toMatch(/^Subject: Your refund was approved$/m);

    const mine = await gql<{ moneyBackPayments: { refundedAt: string | null; canRequestRefund: boolean; refundRequest: { status: string } }[] }>(test, as(sub.user), MONEY_BACK);
    expect(mine.data!.moneyBackPayments[0]).toMatchObject({ refundedAt: expect.any(String), canRequestRefund: false, refundRequest: { status: 'APPROVED' } });

    // Decided: neither a decline nor another approval changes it.
    expect((await gql(test, as(admin), DECLINE, { r: requestId, why: 'Too late' })).errors?.[0]).toMatchObject({ message: 'This refund request was already approved.', extensions: { code: 'CONFLICT' } });
  });

  it('declined with a reason: nothing refunded, the subscriber mailed the reason and shown it; approving afterwards is refused', async () => {
    const sub = await subscriber('declined');
    const requestId = await requestOf(sub.user, sub.paymentId);
    const declined = await gql<{ declineRefundRequest: Record<string, unknown> }>(test, as(admin), DECLINE, { r: requestId, why: 'You used 90 of your 100 tokens.' });
    expect(declined.errors).toBeUndefined();
    expect(declined.data!.declineRefundRequest).toMatchObject({
      status: 'CLOSED',
      refundRequest: { status: 'DECLINED', declineReason: 'You used 90 of your 100 tokens.' },
      replies: [{ text: 'Refund declined: You used 90 of your 100 tokens.' }],
    });
    const [payment] = await sql<{ refunded_cents: number }>('select refunded_cents from subscription_payments where id = ?', [sub.paymentId]);
    expect(payment.refunded_cents).toBe(0);
    expect(await test.app.services.billingAccounts.levelOf(sub.id)).toBe(3);
    const [mail] = await outbox(test, `refund-request:${requestId}:decision`);
    expect(mail).toMatchObject({ to_address: sub.user.email, subject: 'Your refund request was declined' });
    expect(mail.text).toContain('Why: You used 90 of your 100 tokens.');
    const mine = await gql<{ moneyBackPayments: { canRequestRefund: boolean; refundRequest: { status: string; declineReason: string } }[] }>(test, as(sub.user), MONEY_BACK);
    expect(mine.data!.moneyBackPayments[0]).toMatchObject({ canRequestRefund: false, refundRequest: { status: 'DECLINED', declineReason: 'You used 90 of your 100 tokens.' } });
    expect((await gql(test, as(admin), APPROVE, { r: requestId })).errors?.[0]).toMatchObject({ message: 'This refund request was already declined.', extensions: { code: 'CONFLICT' } });
    expect(await sql(`select id from admin_audit_entries where target_id = ?`, [sub.paymentId])).toEqual([]);
  });

  it('a payment an admin refunded meanwhile: the approval is refused and the request stays pending', async () => {
    const sub = await subscriber('raced');
    const requestId = await requestOf(sub.user, sub.paymentId);
    const direct = await rest(test, 'POST', '/admin/refund-subscription-payment', admin.accessToken, { payment_id: sub.paymentId, reason: 'Refunded by hand' });
    expect(direct.status).toBe(200);
    const approve = await gql(test, as(admin), APPROVE, { r: requestId });
    expect(approve.errors?.[0]).toMatchObject({ message: 'This payment was already refunded.', extensions: { code: 'CONFLICT' } });
    const [row] = await sql<{ status: string }>('select status from refund_requests where id = ?', [requestId]);
    expect(row.status).toBe('pending');
    expect(await outbox(test, `refund-request:${requestId}:decision`)).toEqual([]);
  });
});
