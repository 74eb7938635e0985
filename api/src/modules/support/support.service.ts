import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import { TooManyRequestsError, type RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { parseInput } from '../../platform/validation';
import { User } from '../accounts';
import { pageOf, pageRequest, type PageOf } from '../admin';
import { planByLevel } from '../billing';
import { inboxItem, inboxItems, mailedMessage, type InboxItem } from './inbox-items';
import { RefundRequest } from './refund-request.entity';
import { acknowledgement, messageToSupport, replyToSender, type MailContext } from './support-mails';
import { SupportMessage } from './support-message.entity';
import { SupportReply } from './support-reply.entity';
import { contactMessageSchema, replySchema, statusSchema } from './support.schemas';
import { priorityOf, type SupportStatus } from './support-topics';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_SUCH_MESSAGE = 'No such support message.';
export const MESSAGE_RECEIVED = 'Thank you. We received your message and sent you a confirmation by email.';
const VISITOR_LEVEL = 1;

/**
 * Holds a message's row for the transaction (a reply and a status change, or two replies, apply one
 * after the other), then loads it with its sender. The lock is taken alone: PostgreSQL refuses FOR
 * UPDATE over the outer join that loads the sender.
 */
export async function lockMessage(em: EntityManager, id: string): Promise<SupportMessage> {
  const [row] = await em.execute<{ id: string }[]>('select id from support_messages where id = ? for update', [id]);
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  return em.findOneOrFail(SupportMessage, { id }, { populate: ['user'] });
}

export interface SupportDeps {
  readonly orm: MikroORM;
  /** A signed-in sender's subscription level (billing's), which sets the message's priority. */
  readonly planLevelOf: (userId: string) => Promise<number>;
  readonly mail: MailOutbox;
  readonly mailContext: MailContext;
  /** Contact messages per signed-in account, and per network (signed in or not). */
  readonly limits: { readonly perUser: RateLimiter; readonly perNetwork: RateLimiter };
  readonly logger: Logger;
}

/** What the sender is told. */
export interface SentMessage {
  readonly id: string;
  readonly message: string;
}

const tooMany = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequestsError(`You have sent too many messages. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
};

/**
 * Customer support (issue 30): messages from /contact, each stored, mailed to the support address
 * and acknowledged to the sender through the mail outbox; the admin Inbox lists them and staff
 * reply (mailed and kept) and set their status.
 */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  get mailContext(): MailContext {
    return this.deps.mailContext;
  }

  /**
   * Stores a contact message of a visitor (`sender` null: their email is required) or a signed-in
   * user (their account's email is used), and queues the mail to support and the acknowledgement in
   * the same transaction. Counted against the network and the account before anything is read, so
   * refused and malformed attempts count too.
   */
  async send(sender: User | null, network: string | null, input: unknown): Promise<SentMessage> {
    const byNetwork = await this.deps.limits.perNetwork.consume(network ?? 'unknown');
    if (!byNetwork.allowed) throw tooMany(byNetwork.retryAfterSeconds);
    if (sender) {
      const byUser = await this.deps.limits.perUser.consume(sender.id);
      if (!byUser.allowed) throw tooMany(byUser.retryAfterSeconds);
    }
    const request = parseInput(contactMessageSchema, input ?? {});
    const senderEmail = sender?.email ?? request.email;
    if (!senderEmail) throw badInput('Give your email address, so that we can answer you.', { field: 'email' });
    const planLevel = sender ? await this.deps.planLevelOf(sender.id) : VISITOR_LEVEL;

    const id = await this.deps.orm.em.fork().transactional(async (em) => {
      const message = em.create(SupportMessage, {
        user: sender ? em.getReference(User, sender.id) : null,
        senderEmail,
        senderName: request.name ?? null,
        topic: request.topic,
        message: request.message,
        reference: request.reference ?? null,
        planLevel,
        priority: priorityOf(planLevel),
      });
      await em.flush();
      const mailed = { ...mailedMessage(message), account: sender ? { username: sender.username, planName: planByLevel(planLevel).name } : null };
      await this.deps.mail.enqueue(messageToSupport(this.deps.mailContext, mailed), `support-message:${message.id}:support`, em);
      await this.deps.mail.enqueue(acknowledgement(this.deps.mailContext, mailed), `support-message:${message.id}:ack`, em);
      return message.id;
    });
    this.deps.mail.kick();
    this.deps.logger.info({ supportMessageId: id, signedIn: Boolean(sender) }, 'support message received');
    return { id, message: MESSAGE_RECEIVED };
  }

  /** The Inbox: one status or all, Enterprise senders first, then Premium, then the rest, newest first within each. */
  async inbox(page: unknown, size: unknown, status?: unknown): Promise<PageOf<InboxItem>> {
    const request = pageRequest(page, size);
    const where = status === undefined || status === null ? {} : { status: parseInput(statusSchema, status) };
    const em = this.deps.orm.em.fork();
    const [messages, total] = await em.findAndCount(SupportMessage, where, {
      populate: ['user'],
      orderBy: { priority: 'asc', createdAt: 'desc', id: 'desc' },
      limit: request.size,
      offset: request.offset,
    });
    return pageOf(request, await inboxItems(em, messages), total);
  }

  /** Messages per status, for the Inbox's filter. */
  async statusCounts(): Promise<Record<SupportStatus, number>> {
    const rows = await this.deps.orm.em.fork().execute<{ status: SupportStatus; n: string }[]>('select status, count(*) as n from support_messages group by status');
    const counts: Record<SupportStatus, number> = { open: 0, answered: 0, closed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /** Staff's reply: kept in the thread and mailed to the sender; the message becomes answered (or closed). */
  async reply(admin: User, input: unknown): Promise<InboxItem> {
    const request = parseInput(replySchema, input ?? {});
    if (!UUID.test(request.messageId)) throw notFound(NO_SUCH_MESSAGE);
    await this.deps.orm.em.fork().transactional(async (em) => {
      const message = await lockMessage(em, request.messageId);
      await this.refusePendingRefund(em, message, request.close ? 'closed' : 'answered');
      const reply = em.create(SupportReply, { message, author: em.getReference(User, admin.id), authorEmail: admin.email, text: request.text });
      message.status = request.close ? 'closed' : 'answered';
      message.updatedAt = new Date();
      await em.flush();
      await this.deps.mail.enqueue(replyToSender(this.deps.mailContext, mailedMessage(message), request.text), `support-reply:${reply.id}`, em);
    });
    this.deps.mail.kick();
    return (await inboxItem(this.deps.orm.em.fork(), request.messageId))!;
  }

  /** Sets a message's status (open, answered, closed) without writing to the sender. */
  async setStatus(messageId: unknown, status: unknown): Promise<InboxItem> {
    const next = parseInput(statusSchema, status);
    if (typeof messageId !== 'string' || !UUID.test(messageId)) throw notFound(NO_SUCH_MESSAGE);
    await this.deps.orm.em.fork().transactional(async (em) => {
      const message = await lockMessage(em, messageId);
      await this.refusePendingRefund(em, message, next);
      message.status = next;
      message.updatedAt = new Date();
    });
    return (await inboxItem(this.deps.orm.em.fork(), messageId))!;
  }

  /** A money-back request stays open until it is approved or declined (its own buttons answer it). */
  private async refusePendingRefund(em: EntityManager, message: SupportMessage, next: SupportStatus): Promise<void> {
    if (next === 'open' || message.topic !== 'refund_request') return;
    const pending = await em.count(RefundRequest, { message: message.id, status: 'pending' });
    if (pending) throw conflict('Approve or decline this refund request first.');
  }
}
