import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import { parseInput } from '../../platform/validation';
import { User } from '../accounts';
import type { OwnPayment } from '../billing';
import { planByLevel } from '../billing';
import { inboxItem, mailedMessage, mailedRefund, presentRefundRequest, type InboxItem, type RefundRequestView } from './inbox-items';
import { RefundRequest } from './refund-request.entity';
import { money, refundApproved, refundDeclined, refundRequestAcknowledgement, refundRequestToSupport, type MailContext } from './support-mails';
import { SupportMessage } from './support-message.entity';
import { SupportReply } from './support-reply.entity';
import { UUID, lockMessage } from './support.service';
import { declineReasonSchema, refundRequestSchema } from './support.schemas';
import { priorityOf } from './support-topics';

export const NO_SUCH_PAYMENT = 'No such subscription payment.';
export const NO_SUCH_REQUEST = 'No such refund request.';
export const ALREADY_REQUESTED = 'You already asked for a refund of this payment.';
const NO_REASON = 'No reason given.';
const DAY_MS = 86_400_000;

export interface RefundRequestsDeps {
  readonly orm: MikroORM;
  readonly mail: MailOutbox;
  readonly mailContext: MailContext;
  /** The billing module's record of a user's subscription payments. */
  readonly payments: {
    paymentsOf(userId: string, since: Date): Promise<OwnPayment[]>;
    paymentOf(userId: string, paymentId: string): Promise<OwnPayment | null>;
    /** The account's subscription level now (the request's priority). */
    levelOf(userId: string): Promise<number>;
  };
  /**
   * The admin refund (AdminService.refundSubscriptionPayment): refunds at the provider, records it,
   * stops renewal and writes the audit entry, all in `em`; CONFLICT when it cannot.
   */
  readonly refund: (admin: User, paymentId: string, reason: string, em: EntityManager) => Promise<unknown>;
  readonly logger: Logger;
  /** The guarantee's length, in days (billing's REFUND_WINDOW_DAYS). */
  readonly windowDays: number;
}

/** A subscription payment on My Account, with what the guarantee allows for it. */
export interface MoneyBackPayment {
  readonly payment: OwnPayment;
  /** Whether a refund can be asked for now: money taken, not refunded, in the window, not asked yet. */
  readonly canRequest: boolean;
  readonly request: RefundRequestView | null;
}

/**
 * The 30-day money-back guarantee, self-service (issue 30): a subscriber asks on My Account for a
 * refund of a recent subscription payment; the request is a message in the admin Inbox, where staff
 * approve it (the admin refund: money, plan and tokens as any refund) or decline it with a reason.
 * The subscriber is mailed either way and sees the status on My Account.
 */
export class RefundRequestsService {
  constructor(private readonly deps: RefundRequestsDeps) {}

  /** The user's payments of the window, and any older one they asked about, newest first. */
  async moneyBack(user: User, now = new Date()): Promise<MoneyBackPayment[]> {
    const em = this.deps.orm.em.fork();
    const [recent, requests] = await Promise.all([
      this.deps.payments.paymentsOf(user.id, new Date(now.getTime() - this.deps.windowDays * DAY_MS)),
      em.find(RefundRequest, { user: user.id }, { orderBy: { createdAt: 'desc' } }),
    ]);
    const older = await Promise.all(requests.filter((r) => !recent.some((p) => p.id === r.paymentId)).map((r) => this.deps.payments.paymentOf(user.id, r.paymentId)));
    const payments = [...recent, ...older.filter((p): p is OwnPayment => p !== null)].sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime());
    return payments.map((payment) => {
      const request = requests.find((r) => r.paymentId === payment.id);
      return { payment, request: request ? presentRefundRequest(request) : null, canRequest: !request && this.problem(payment, now) === null };
    });
  }

  /**
   * Asks for a refund of one of the user's payments: NOT_FOUND for another's or an unknown one,
   * CONFLICT when refunded, free, past the window or already asked for (the unique payment id makes
   * two requests at once one). The request, its Inbox message and both mails commit together.
   */
  async request(user: User, input: unknown, now = new Date()): Promise<RefundRequestView> {
    const { paymentId, reason } = parseInput(refundRequestSchema, input ?? {});
    const payment = await this.deps.payments.paymentOf(user.id, paymentId);
    if (!payment) throw notFound(NO_SUCH_PAYMENT);
    const problem = this.problem(payment, now);
    if (problem) throw conflict(problem);

    const planLevel = await this.deps.payments.levelOf(user.id);
    const view = await this.deps.orm.em.fork().transactional(async (em) => {
      if (await em.count(RefundRequest, { paymentId })) throw conflict(ALREADY_REQUESTED);
      const message = em.create(SupportMessage, {
        user: em.getReference(User, user.id),
        senderEmail: user.email,
        topic: 'refund_request',
        message: reason ?? NO_REASON,
        reference: payment.id,
        planLevel,
        priority: priorityOf(planLevel),
      });
      await em.flush();
      // Two requests at once both pass the count: the unique payment id lets one insert, the other
      // finds nothing inserted and rolls back its message.
      const inserted = await em.execute<{ id: string }[]>(
        `insert into refund_requests (id, user_id, payment_id, message_id, level, amount_cents, currency, paid_at, reason, status, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, 'pending', now()) on conflict (payment_id) do nothing returning id`,
        [user.id, payment.id, message.id, payment.level, payment.amountCents - payment.refundedCents, payment.currency, payment.paidAt, reason ?? null],
      );
      if (!inserted.length) throw conflict(ALREADY_REQUESTED);
      const request = await em.findOneOrFail(RefundRequest, { id: inserted[0].id });
      const mailed = { ...mailedMessage(message), account: { username: user.username, planName: planByLevel(planLevel).name } };
      await this.deps.mail.enqueue(refundRequestToSupport(this.deps.mailContext, mailed, mailedRefund(request)), `refund-request:${request.id}:support`, em);
      await this.deps.mail.enqueue(refundRequestAcknowledgement(this.deps.mailContext, mailed, mailedRefund(request)), `refund-request:${request.id}:ack`, em);
      return presentRefundRequest(request);
    });
    this.deps.mail.kick();
    this.deps.logger.info({ refundRequestId: view.id, paymentId }, 'refund requested');
    return view;
  }

  /**
   * Approves a pending request: the admin refund runs in the same transaction that marks the request
   * approved, closes its message with a note in the thread and queues the mail, holding the
   * request's row, so approving twice (at once or later) refunds once and answers CONFLICT.
   */
  async approve(admin: User, requestId: unknown): Promise<InboxItem> {
    const messageId = await this.decide(requestId, async (em, request, message) => {
      await this.deps.refund(admin, request.paymentId, `Money-back request ${request.id}`, em);
      request.status = 'approved';
      const note = `Refund approved: ${money(request.amountCents, request.currency)} refunded.`;
      this.close(em, admin, message, request, note);
      await em.flush();
      await this.deps.mail.enqueue(refundApproved(this.deps.mailContext, mailedMessage(message), mailedRefund(request)), `refund-request:${request.id}:decision`, em);
    });
    return (await inboxItem(this.deps.orm.em.fork(), messageId))!;
  }

  /** Declines a pending request with the reason the subscriber is mailed; nothing is refunded. */
  async decline(admin: User, requestId: unknown, reasonInput: unknown): Promise<InboxItem> {
    const reason = parseInput(declineReasonSchema, reasonInput);
    const messageId = await this.decide(requestId, async (em, request, message) => {
      request.status = 'declined';
      request.declineReason = reason;
      this.close(em, admin, message, request, `Refund declined: ${reason}`);
      await em.flush();
      await this.deps.mail.enqueue(refundDeclined(this.deps.mailContext, mailedMessage(message), mailedRefund(request), reason), `refund-request:${request.id}:decision`, em);
    });
    return (await inboxItem(this.deps.orm.em.fork(), messageId))!;
  }

  /** Why a refund cannot be asked for (null when it can). */
  private problem(payment: OwnPayment, now: Date): string | null {
    if (payment.refundedAt) return 'This payment was already refunded.';
    if (payment.amountCents - payment.refundedCents <= 0) return 'This payment took no money; there is nothing to refund.';
    if (now > payment.refundableUntil) {
      return `Refunds can be asked for within ${this.deps.windowDays} days of a payment; this one was taken on ${payment.paidAt.toISOString().slice(0, 10)}.`;
    }
    return null;
  }

  /** Runs a decision on a pending request inside one transaction holding its row and its message's. */
  private async decide(requestId: unknown, apply: (em: EntityManager, request: RefundRequest, message: SupportMessage) => Promise<void>): Promise<string> {
    if (typeof requestId !== 'string' || !UUID.test(requestId)) throw notFound(NO_SUCH_REQUEST);
    const messageId = await this.deps.orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<{ message_id: string }[]>('select message_id from refund_requests where id = ? for update', [requestId]);
      if (!row) throw notFound(NO_SUCH_REQUEST);
      const request = await em.findOneOrFail(RefundRequest, { id: requestId });
      if (request.status !== 'pending') throw conflict(`This refund request was already ${request.status}.`);
      const message = await lockMessage(em, row.message_id);
      await apply(em, request, message);
      return message.id;
    });
    this.deps.mail.kick();
    return messageId;
  }

  /** Records the decision on the request and in its thread, and closes the message. */
  private close(em: EntityManager, admin: User, message: SupportMessage, request: RefundRequest, note: string): void {
    request.decidedBy = em.getReference(User, admin.id);
    request.decidedAt = new Date();
    em.create(SupportReply, { message, author: em.getReference(User, admin.id), authorEmail: admin.email, text: note });
    message.status = 'closed';
    message.updatedAt = new Date();
  }
}
