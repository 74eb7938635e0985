import type { RefundRequestStatus, SupportMessageStatus, SupportTopic } from '../../generated/graphql';

/** The topics a visitor chooses from on /contact, in the form's order (the api's CONTACT_TOPICS). */
export const CONTACT_TOPICS: readonly { readonly value: Exclude<SupportTopic, 'REFUND_REQUEST'>; readonly label: string }[] = [
  { value: 'ACCOUNT', label: 'My account' },
  { value: 'BILLING', label: 'Billing and subscriptions' },
  { value: 'LICENCES', label: 'Licences and orders' },
  { value: 'PRODUCERS', label: 'Producers and payouts' },
  { value: 'TECHNICAL', label: 'Something does not work' },
  { value: 'PRIVACY', label: 'Privacy and my data' },
  { value: 'OTHER', label: 'Something else' },
];

export const TOPIC_LABELS: Readonly<Record<SupportTopic, string>> = {
  ...(Object.fromEntries(CONTACT_TOPICS.map((t) => [t.value, t.label])) as Record<Exclude<SupportTopic, 'REFUND_REQUEST'>, string>),
  REFUND_REQUEST: 'Money-back request',
};

export const STATUS_LABELS: Readonly<Record<SupportMessageStatus, string>> = { OPEN: 'Open', ANSWERED: 'Answered', CLOSED: 'Closed' };

export const REFUND_STATUS_LABELS: Readonly<Record<RefundRequestStatus, string>> = { PENDING: 'Waiting for our answer', APPROVED: 'Refunded', DECLINED: 'Declined' };

/** A topic from a link (`/contact?topic=privacy`), if it is one the form offers. */
export function topicFromQuery(value: string | null): Exclude<SupportTopic, 'REFUND_REQUEST'> | '' {
  const wanted = (value ?? '').toUpperCase();
  return CONTACT_TOPICS.find((t) => t.value === wanted)?.value ?? '';
}

/** $7.50 for US dollars, otherwise 7.50 EUR. */
export const formatMoney = (cents: number, currency: string) =>
  currency.toLowerCase() === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

// Dates go through the app's one formatter (ui/format/dates.ts).
export { formatDate, formatDateTime } from '../../ui/format/dates';
