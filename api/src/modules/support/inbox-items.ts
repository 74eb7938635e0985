import type { EntityManager } from '@mikro-orm/postgresql';
import { planByLevel } from '../billing';
import { RefundRequest } from './refund-request.entity';
import { SupportMessage } from './support-message.entity';
import { SupportReply } from './support-reply.entity';
import type { MailedMessage, MailedRefund } from './support-mails';
import type { RefundRequestStatus, SupportStatus, SupportTopic } from './support-topics';

/** A refund request as My Account and the Inbox show it. */
export interface RefundRequestView {
  readonly id: string;
  readonly paymentId: string;
  readonly messageId: string;
  readonly status: RefundRequestStatus;
  readonly planName: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly paidAt: Date;
  readonly reason: string | null;
  readonly declineReason: string | null;
  readonly createdAt: Date;
  readonly decidedAt: Date | null;
}

export interface ReplyView {
  readonly id: string;
  readonly text: string;
  readonly authorEmail: string;
  readonly createdAt: Date;
}

/** A message with its thread, as the admin Inbox lists it. */
export interface InboxItem {
  readonly id: string;
  readonly topic: SupportTopic;
  readonly message: string;
  readonly reference: string | null;
  readonly senderEmail: string;
  readonly senderName: string | null;
  /** The sender's account (null for a visitor). */
  readonly userId: string | null;
  readonly username: string | null;
  /** The sender's plan when they wrote. */
  readonly planName: string;
  readonly status: SupportStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly replies: readonly ReplyView[];
  readonly refundRequest: RefundRequestView | null;
}

export const presentRefundRequest = (r: RefundRequest): RefundRequestView => ({
  id: r.id,
  paymentId: r.paymentId,
  messageId: r.message.id,
  status: r.status,
  planName: planByLevel(r.level).name,
  amountCents: r.amountCents,
  currency: r.currency,
  paidAt: r.paidAt,
  reason: r.reason ?? null,
  declineReason: r.declineReason ?? null,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt ?? null,
});

/** The messages (already loaded, sender populated) with their replies and refund requests, in the given order. */
export async function inboxItems(em: EntityManager, messages: readonly SupportMessage[]): Promise<InboxItem[]> {
  if (!messages.length) return [];
  const ids = messages.map((m) => m.id);
  const [replies, requests] = await Promise.all([
    em.find(SupportReply, { message: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    em.find(RefundRequest, { message: { $in: ids } }),
  ]);
  return messages.map((m) => {
    const request = requests.find((r) => r.message.id === m.id);
    return {
      id: m.id,
      topic: m.topic,
      message: m.message,
      reference: m.reference ?? null,
      senderEmail: m.senderEmail,
      senderName: m.senderName ?? null,
      userId: m.user?.id ?? null,
      username: m.user?.username ?? null,
      planName: planByLevel(m.planLevel).name,
      status: m.status,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      replies: replies.filter((r) => r.message.id === m.id).map((r) => ({ id: r.id, text: r.text, authorEmail: r.authorEmail, createdAt: r.createdAt })),
      refundRequest: request ? presentRefundRequest(request) : null,
    };
  });
}

/** One message with its thread; null when there is none with that id. */
export async function inboxItem(em: EntityManager, id: string): Promise<InboxItem | null> {
  const message = await em.findOne(SupportMessage, { id }, { populate: ['user'] });
  return message ? (await inboxItems(em, [message]))[0] : null;
}

/** The message as the mails describe it. */
export const mailedMessage = (m: SupportMessage): MailedMessage => ({
  id: m.id,
  topic: m.topic,
  message: m.message,
  reference: m.reference ?? null,
  senderEmail: m.senderEmail,
  senderName: m.senderName ?? null,
  account: m.user ? { username: m.user.username, planName: planByLevel(m.planLevel).name } : null,
  createdAt: m.createdAt,
});

export const mailedRefund = (r: RefundRequest): MailedRefund => ({ planName: planByLevel(r.level).name, amountCents: r.amountCents, currency: r.currency, paidAt: r.paidAt });
