/**
 * What a message to support is about. The contact form offers all but `refund_request`, which only
 * My Account's money-back request creates (it carries the payment and its own approve/decline).
 */
export const SUPPORT_TOPICS = ['account', 'billing', 'licences', 'producers', 'technical', 'privacy', 'other', 'refund_request'] as const;

export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** The topics a visitor may choose on /contact. */
export const CONTACT_TOPICS: readonly SupportTopic[] = SUPPORT_TOPICS.filter((t) => t !== 'refund_request');

/** How mails and the inbox name a topic. */
export const TOPIC_LABELS: Readonly<Record<SupportTopic, string>> = {
  account: 'My account',
  billing: 'Billing and subscriptions',
  licences: 'Licences and orders',
  producers: 'Producers and payouts',
  technical: 'Something does not work',
  privacy: 'Privacy and my data',
  other: 'Something else',
  refund_request: 'Money-back request',
};

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** Plan levels (billing's plans.ts): Enterprise 4, Premium 3. */
const ENTERPRISE_LEVEL = 4;
const PREMIUM_LEVEL = 3;

/**
 * The inbox's order within a status: Enterprise first (0), then Premium (1), then everyone else (2),
 * as the plan table promises instant support to Enterprise and priority support to Premium.
 */
export function priorityOf(planLevel: number): number {
  if (planLevel >= ENTERPRISE_LEVEL) return 0;
  if (planLevel === PREMIUM_LEVEL) return 1;
  return 2;
}
