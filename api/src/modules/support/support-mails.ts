import type { OutgoingMail } from '../../platform/mail/mail-outbox';
import { TOPIC_LABELS, type SupportTopic } from './support-topics';

/** What every support mail needs to know of the install. */
export interface MailContext {
  readonly productName: string;
  readonly supportEmail: string;
  readonly webOrigin: string;
}

/** A message as the mails describe it. */
export interface MailedMessage {
  readonly id: string;
  readonly topic: SupportTopic;
  readonly message: string;
  readonly reference: string | null;
  readonly senderEmail: string;
  readonly senderName: string | null;
  /** The sender's account and plan name, or null for a visitor. */
  readonly account: { readonly username: string; readonly planName: string } | null;
  readonly createdAt: Date;
}

/** A refund request as the mails describe it. */
export interface MailedRefund {
  readonly planName: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly paidAt: Date;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
/** A subject is one line of at most 200 characters (the outbox's rule). */
const subject = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** $7.50 for US dollars, otherwise 7.50 EUR. */
export const money = (cents: number, currency: string) =>
  currency.toLowerCase() === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const inbox = (ctx: MailContext) => `${ctx.webOrigin}/admin-portal`;

/** To the support address: the whole message, who sent it and where to answer it. */
export function messageToSupport(ctx: MailContext, m: MailedMessage): OutgoingMail {
  const from = m.senderName ? `${m.senderName} <${m.senderEmail}>` : m.senderEmail;
  const who = m.account ? `account ${m.account.username}, plan ${m.account.planName}` : 'a visitor, not signed in';
  return {
    to: ctx.supportEmail,
    subject: subject(`[${ctx.productName} support] ${TOPIC_LABELS[m.topic]} from ${m.senderEmail}`),
    text: [
      `From: ${from} (${who})`,
      `Topic: ${TOPIC_LABELS[m.topic]}`,
      `Beat or order: ${m.reference ?? 'none given'}`,
      `Sent: ${m.createdAt.toISOString()}`,
      `Reference: ${m.id}`,
      '',
      m.message,
      '',
      `Answer it in the admin Inbox: ${inbox(ctx)}`,
    ].join('\n'),
  };
}

/**
 * To the sender: we have it. It does not repeat the message: anyone may type any address on
 * /contact, so an acknowledgement that quoted the text would carry a stranger's words to it.
 */
export function acknowledgement(ctx: MailContext, m: MailedMessage): OutgoingMail {
  return {
    to: m.senderEmail,
    subject: subject(`We received your message to ${ctx.productName} support`),
    text: [
      `Hello ${m.senderName ?? m.account?.username ?? 'there'},`,
      '',
      `Thank you for writing to ${ctx.productName} support. We received your message about "${TOPIC_LABELS[m.topic]}" on ${day(m.createdAt)} and will answer you at this address.`,
      '',
      `Your reference: ${m.id}`,
      '',
      `To add something, send another message at ${ctx.webOrigin}/contact and give this reference.`,
      '',
      `${ctx.productName} support`,
    ].join('\n'),
  };
}

/** Staff's reply, with the message it answers quoted. */
export function replyToSender(ctx: MailContext, m: MailedMessage, reply: string): OutgoingMail {
  const quoted = m.message.split('\n').map((line) => `> ${line}`).join('\n');
  return {
    to: m.senderEmail,
    subject: subject(`Re: your message to ${ctx.productName} support`),
    text: [
      reply,
      '',
      `${ctx.productName} support`,
      '',
      `On ${day(m.createdAt)} you wrote about "${TOPIC_LABELS[m.topic]}" (reference ${m.id}):`,
      quoted,
      '',
      `To answer, send a new message at ${ctx.webOrigin}/contact and give the reference above.`,
    ].join('\n'),
  };
}

const paymentLine = (r: MailedRefund) => `your ${r.planName} payment of ${money(r.amountCents, r.currency)} on ${day(r.paidAt)}`;

/** To the support address: a money-back request waits in the Inbox. */
export function refundRequestToSupport(ctx: MailContext, m: MailedMessage, r: MailedRefund): OutgoingMail {
  return {
    to: ctx.supportEmail,
    subject: subject(`[${ctx.productName} support] Money-back request from ${m.senderEmail}`),
    text: [
      `From: ${m.senderEmail} (account ${m.account?.username ?? 'unknown'})`,
      `Payment: ${r.planName}, ${money(r.amountCents, r.currency)}, taken on ${day(r.paidAt)}`,
      `Reason: ${m.message}`,
      `Reference: ${m.id}`,
      '',
      `Approve or decline it in the admin Inbox: ${inbox(ctx)}`,
    ].join('\n'),
  };
}

/** To the subscriber: the request is in. */
export function refundRequestAcknowledgement(ctx: MailContext, m: MailedMessage, r: MailedRefund): OutgoingMail {
  return {
    to: m.senderEmail,
    subject: subject(`We received your refund request`),
    text: [
      `Hello ${m.account?.username ?? 'there'},`,
      '',
      `We received your request to refund ${paymentLine(r)} under the 30-day money-back guarantee. We will email you when it is decided; My Account shows its status: ${ctx.webOrigin}/account/profile`,
      '',
      `Your reference: ${m.id}`,
      '',
      `${ctx.productName} support`,
    ].join('\n'),
  };
}

/** To the subscriber: approved and refunded. */
export function refundApproved(ctx: MailContext, m: MailedMessage, r: MailedRefund): OutgoingMail {
  return {
    to: m.senderEmail,
    subject: subject(`Your refund was approved`),
    text: [
      `Hello ${m.account?.username ?? 'there'},`,
      '',
      `We refunded ${paymentLine(r)} in full. The money goes back the way you paid. The ${r.planName} subscription it paid for does not renew; tokens you already have stay until your billing cycle ends.`,
      '',
      `Your reference: ${m.id}`,
      '',
      `${ctx.productName} support`,
    ].join('\n'),
  };
}

/** To the subscriber: declined, and why. */
export function refundDeclined(ctx: MailContext, m: MailedMessage, r: MailedRefund, reason: string): OutgoingMail {
  return {
    to: m.senderEmail,
    subject: subject(`Your refund request was declined`),
    text: [
      `Hello ${m.account?.username ?? 'there'},`,
      '',
      `We declined your request to refund ${paymentLine(r)}.`,
      '',
      `Why: ${reason}`,
      '',
      `If you have a question about it, write to us at ${ctx.webOrigin}/contact and give your reference: ${m.id}`,
      '',
      `${ctx.productName} support`,
    ].join('\n'),
  };
}
