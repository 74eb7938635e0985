import { FakeBackend, gqlError, type FakeUser } from '../../../test/fake-backend';
import { AdminBackend } from '../../admin/test/admin-backend';

type Resolver = (args: never) => unknown;

export interface FakeRefundRequest {
  id: string;
  paymentId: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED';
  planName: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  reason: string | null;
  declineReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface FakePayment {
  paymentId: string;
  subscriptionType: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  refundableUntil: string;
  refundedAt: string | null;
  canRequestRefund: boolean;
  refundRequest: FakeRefundRequest | null;
}

export interface FakeSupportMessage {
  id: string;
  topic: string;
  message: string;
  reference: string | null;
  senderEmail: string;
  senderName: string | null;
  username: string | null;
  planName: string;
  status: 'OPEN' | 'ANSWERED' | 'CLOSED';
  createdAt: string;
  updatedAt: string;
  replies: { id: string; text: string; authorEmail: string; createdAt: string }[];
  refundRequest: FakeRefundRequest | null;
}

export const payment = (over: Partial<FakePayment> = {}): FakePayment => ({
  paymentId: 'payment-1', subscriptionType: 'Premium', amountCents: 2000, currency: 'usd', paidAt: '2026-11-20T10:00:00.000Z',
  refundableUntil: '2026-12-20T10:00:00.000Z', refundedAt: null, canRequestRefund: true, refundRequest: null, ...over,
});

export const supportMessage = (over: Partial<FakeSupportMessage> = {}): FakeSupportMessage => ({
  id: 'message-1', topic: 'BILLING', message: 'Which plan am I on?', reference: null, senderEmail: 'ada@example.com', senderName: null, username: 'ada',
  planName: 'Premium', status: 'OPEN', createdAt: '2026-11-26T09:00:00.000Z', updatedAt: '2026-11-26T09:00:00.000Z', replies: [], refundRequest: null, ...over,
});

/** The support operations, answered as the api does (its rules, its messages), over in-memory payments and messages. */
export class SupportState {
  payments: FakePayment[] = [];
  messages: FakeSupportMessage[] = [];
  /** Replaces the default answer to sendSupportMessage (e.g. to throw). */
  onSend: ((input: Record<string, unknown>) => { id: string; message: string }) | null = null;
  /** Replaces the default answer to approveRefundRequest (e.g. to throw). */
  onApprove: ((requestId: string) => void) | null = null;
  sent: Record<string, unknown>[] = [];

  resolvers(user: FakeUser, signedIn: boolean): Record<string, Resolver> {
    const requireUser = () => {
      if (!signedIn) throw gqlError('Authentication required.', 'UNAUTHENTICATED');
    };
    const requireAdmin = () => {
      requireUser();
      if (!user.isAdmin) throw gqlError('You are not allowed to do this.', 'FORBIDDEN');
    };
    const messageOf = (id: string) => {
      const found = this.messages.find((m) => m.id === id);
      if (!found) throw gqlError('No such support message.', 'NOT_FOUND');
      return found;
    };
    const requestOf = (id: string) => {
      const found = this.messages.find((m) => m.refundRequest?.id === id);
      if (!found?.refundRequest) throw gqlError('No such refund request.', 'NOT_FOUND');
      if (found.refundRequest.status !== 'PENDING') throw gqlError(`This refund request was already ${found.refundRequest.status.toLowerCase()}.`, 'CONFLICT');
      return found as FakeSupportMessage & { refundRequest: FakeRefundRequest };
    };
    const decided = (m: FakeSupportMessage, text: string) => {
      m.status = 'CLOSED';
      m.replies.push({ id: `reply-${m.replies.length + 1}`, text, authorEmail: user.email, createdAt: '2026-11-27T10:00:00.000Z' });
      return m;
    };
    return {
      sendSupportMessage: ({ input }: { input: Record<string, unknown> }) => {
        this.sent.push(input);
        if (this.onSend) return this.onSend(input);
        if (!signedIn && !input.email) throw gqlError('Give your email address, so that we can answer you.', 'BAD_USER_INPUT');
        return { id: `message-${this.sent.length}`, message: 'Thank you. We received your message and sent you a confirmation by email.' };
      },
      moneyBackPayments: () => (requireUser(), this.payments),
      requestRefund: ({ input }: { input: { paymentId: string; reason: string | null } }) => {
        requireUser();
        const target = this.payments.find((p) => p.paymentId === input.paymentId);
        if (!target) throw gqlError('No such subscription payment.', 'NOT_FOUND');
        if (target.refundRequest) throw gqlError('You already asked for a refund of this payment.', 'CONFLICT');
        target.refundRequest = {
          id: `request-${target.paymentId}`, paymentId: target.paymentId, status: 'PENDING', planName: target.subscriptionType, amountCents: target.amountCents,
          currency: target.currency, paidAt: target.paidAt, reason: input.reason, declineReason: null, createdAt: '2026-11-27T09:00:00.000Z', decidedAt: null,
        };
        target.canRequestRefund = false;
        return target.refundRequest;
      },
      supportInbox: ({ status }: { status: string | null }) => {
        requireAdmin();
        const items = this.messages.filter((m) => !status || m.status === status);
        const counted = (s: string) => this.messages.filter((m) => m.status === s).length;
        return { currentPage: 1, pages: 1, total: items.length, counts: { open: counted('OPEN'), answered: counted('ANSWERED'), closed: counted('CLOSED') }, items };
      },
      replyToSupportMessage: ({ input }: { input: { messageId: string; text: string; close?: boolean | null } }) => {
        requireAdmin();
        const m = messageOf(input.messageId);
        m.replies.push({ id: `reply-${m.replies.length + 1}`, text: input.text, authorEmail: user.email, createdAt: '2026-11-27T10:00:00.000Z' });
        m.status = input.close ? 'CLOSED' : 'ANSWERED';
        return m;
      },
      setSupportMessageStatus: ({ messageId, status }: { messageId: string; status: FakeSupportMessage['status'] }) => {
        requireAdmin();
        const m = messageOf(messageId);
        m.status = status;
        return m;
      },
      approveRefundRequest: ({ requestId }: { requestId: string }) => {
        requireAdmin();
        this.onApprove?.(requestId);
        const m = requestOf(requestId);
        m.refundRequest.status = 'APPROVED';
        return decided(m, `Refund approved: $${(m.refundRequest.amountCents / 100).toFixed(2)} refunded.`);
      },
      declineRefundRequest: ({ requestId, reason }: { requestId: string; reason: string }) => {
        requireAdmin();
        const m = requestOf(requestId);
        m.refundRequest.status = 'DECLINED';
        m.refundRequest.declineReason = reason;
        return decided(m, `Refund declined: ${reason}`);
      },
    };
  }
}

/** The fake network plus the support operations. */
export class SupportBackend extends FakeBackend {
  readonly support = new SupportState();

  protected override moreResolvers(signedIn: boolean): Record<string, Resolver> {
    return this.support.resolvers(this.user, signedIn);
  }
}

/** The admin portal's fake network (its REST paths) plus the support operations. */
export class AdminSupportBackend extends AdminBackend {
  readonly support = new SupportState();

  protected override moreResolvers(signedIn: boolean): Record<string, Resolver> {
    return this.support.resolvers(this.user, signedIn);
  }
}
