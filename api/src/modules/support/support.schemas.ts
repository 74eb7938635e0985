import { z } from 'zod';
import { CONTACT_TOPICS, SUPPORT_STATUSES, SUPPORT_TOPICS } from './support-topics';

export const MAX_MESSAGE = 5000;
export const MAX_REFERENCE = 200;
export const MAX_NAME = 100;
export const MAX_REFUND_REASON = 1000;
export const MAX_DECLINE_REASON = 500;

// The mail outbox's rule for a recipient: one address, a dotted domain, nothing that splits a header.
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const ONE_LINE = /^[^\r\n]*$/;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** Blank optional text counts as not given. */
const optionalText = (value: unknown) => (value === null || (typeof value === 'string' && !value.trim()) ? undefined : trimmed(value));

/** Required text: `missing` when absent or blank, `tooLong` past `max` characters. */
const requiredText = (missing: string, tooLong: string, max: number) =>
  z.preprocess(trimmed, z.string({ error: missing }).min(1, missing).max(max, tooLong));

export const contactMessageSchema = z.strictObject(
  {
    topic: z
      .enum(SUPPORT_TOPICS, { error: `Choose a topic: ${CONTACT_TOPICS.join(', ')}.` })
      .refine((topic) => topic !== 'refund_request', 'To ask for a money-back refund, use Request a refund on My Account.'),
    message: requiredText('Write your message.', `A message is at most ${MAX_MESSAGE.toLocaleString('en-US')} characters.`, MAX_MESSAGE),
    reference: z.preprocess(
      optionalText,
      z.string().max(MAX_REFERENCE, `A beat or order reference is at most ${MAX_REFERENCE} characters.`).regex(ONE_LINE, 'A beat or order reference is one line.').optional(),
    ),
    email: z.preprocess(
      optionalText,
      z.string().max(254, 'Give one valid email address.').regex(ADDRESS, 'Give one valid email address.').transform((v) => v.toLowerCase()).optional(),
    ),
    name: z.preprocess(optionalText, z.string().max(MAX_NAME, `Your name is at most ${MAX_NAME} characters.`).regex(ONE_LINE, 'Your name is one line.').optional()),
  },
  { error: 'Send a JSON object with topic, message and, optionally, reference, email and name.' },
);

export type ContactMessageRequest = z.infer<typeof contactMessageSchema>;

export const replySchema = z.strictObject({
  messageId: z.string({ error: 'Name the message to reply to.' }),
  text: requiredText('Write a reply.', `A reply is at most ${MAX_MESSAGE.toLocaleString('en-US')} characters.`, MAX_MESSAGE),
  close: z.boolean().optional(),
});

export const statusSchema = z.enum(SUPPORT_STATUSES, { error: `The status is one of ${SUPPORT_STATUSES.join(', ')}.` });

export const refundRequestSchema = z.strictObject({
  paymentId: z.string({ error: 'Name the payment to refund.' }),
  reason: z.preprocess(optionalText, z.string().max(MAX_REFUND_REASON, `The reason is at most ${MAX_REFUND_REASON.toLocaleString('en-US')} characters.`).optional()),
});

export const declineReasonSchema = requiredText('Say why the refund is declined.', `The reason is at most ${MAX_DECLINE_REASON} characters.`, MAX_DECLINE_REASON);
