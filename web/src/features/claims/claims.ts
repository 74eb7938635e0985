import { ROOT_FIELDS } from '../../generated/root-fields';

/**
 * A capability of the api a claim depends on, as a root field of the GraphQL schema
 * (`Mutation.createLicenseCheckout`). Its REST path is a thin adapter over the same service call.
 */
export type Capability = `${'Query' | 'Mutation' | 'Subscription'}.${string}`;

interface Claim {
  /** What the site says when the claim holds. */
  readonly says: string;
  /** What must exist for it to hold; until then the site shows it as coming soon (or leaves it out). */
  readonly requires: readonly Capability[];
}

/**
 * The claims of the marketing and information pages that wait for a feature: the one place they
 * and their dependency live. The licence, producer and admin issues turn a claim on by adding the
 * capability (and, if they name it differently, by changing its line here). Plan features live in
 * the api's `plan-features.ts` and reach the pages through the `plans` query.
 */
export const CLAIMS = {
  licencePurchase: {
    says: 'A beat\'s owner buys a licence from its player (Get License, then Purchase Rights) and may release and sell it.',
    requires: ['Mutation.createLicenseCheckout'],
  },
  producerEarnings: {
    says: 'Producers earn 90% of the licensing fees of beats that use their loops, after processing fees, paid to a connected payout account.',
    // Earnings exist once licences sell (createLicenseCheckout) and reach producers (myEarnings, the payouts issue).
    requires: ['Mutation.producerSignup', 'Mutation.createLicenseCheckout', 'Query.myEarnings'],
  },
  moneyBack: {
    says: 'A subscription payment is refunded in full on request within 30 days (the 30-day money-back guarantee).',
    // Subscribers ask on My Account; staff approve in the admin Inbox through the admin refund (issue 30).
    requires: ['Mutation.requestRefund', 'Mutation.approveRefundRequest'],
  },
} as const satisfies Record<string, Claim>;

export type ClaimId = keyof typeof CLAIMS;

/** Whether every capability the claim needs exists in the schema (by default the one the web was generated from). */
export function claimHolds(id: ClaimId, rootFields: readonly string[] = ROOT_FIELDS): boolean {
  const fields = new Set(rootFields);
  return CLAIMS[id].requires.every((capability) => fields.has(capability));
}
