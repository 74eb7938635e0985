/** A payout account's state as the provider reports it. */
export interface PayoutAccountState {
  readonly detailsSubmitted: boolean;
  readonly chargesEnabled: boolean;
  readonly payoutsEnabled: boolean;
  /** What the provider still needs (Stripe's requirements.currently_due). */
  readonly requirementsDue: readonly string[];
  readonly disabledReason: string | null;
}

export interface NewPayoutAccount {
  readonly userId: string;
  readonly producerId: string;
  readonly email: string;
  readonly producerName: string;
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD. */
  readonly birthDate: string;
}

export interface OnboardingUrls {
  /** Where the provider sends the browser when the link expired or was used: a fresh link is made there. */
  readonly refreshUrl: string;
  /** Where the browser lands when onboarding is left (finished or not): the web app's /stripe-connect/success. */
  readonly returnUrl: string;
}

/** A transfer of a producer's earnings from one order to their payout account. */
export interface TransferRequest {
  readonly accountId: string;
  readonly amountCents: number;
  /** Our order id: Stripe's transfer_group. */
  readonly orderId: string;
  readonly producerId: string;
  /** The buyer's charge (Stripe's source_transaction): the transfer waits for its funds. Null without Stripe. */
  readonly chargeId: string | null;
  /** From the order and the producer: a retry (after a failure or a crash) is the same transfer. */
  readonly idempotencyKey: string;
}

export interface TransferReversalRequest {
  readonly transferId: string;
  readonly amountCents: number;
  /** From the transfer and the refund: a retry is the same reversal. */
  readonly idempotencyKey: string;
  readonly refundId: string;
}

/**
 * A provider's refusal of a transfer or reversal. `permanent` when trying again cannot help (an
 * invalid destination, a refused request); otherwise (network, rate limit, provider error) the
 * caller retries with the same idempotency key.
 */
export class TransferRefused extends Error {
  constructor(message: string, readonly permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransferRefused';
  }
}

/**
 * Where producers are paid: Stripe Connect Express when Stripe is configured, otherwise local
 * payout accounts with their own onboarding and dashboard pages on the api. Same calls, same order.
 */
export interface PayoutsPort {
  readonly provider: 'stripe' | 'local';
  /** Creates the producer's account (idempotently, under `key`) and reports its first state. */
  createAccount(account: NewPayoutAccount, key: string): Promise<{ id: string; state: PayoutAccountState }>;
  /** A one-time address of the provider's onboarding for the account. */
  onboardingLink(accountId: string, urls: OnboardingUrls): Promise<string>;
  /** A one-time address of the account's dashboard (Stripe's Express dashboard, or the local page). */
  dashboardLink(accountId: string): Promise<string>;
  /** The account's state as the provider holds it now; null for a local account (our row is the account). */
  retrieveAccount(accountId: string): Promise<PayoutAccountState | null>;
  /**
   * Sends a producer's earnings to their account; answers the provider's transfer id. The same
   * idempotency key answers the same transfer. Throws TransferRefused.
   */
  createTransfer(request: TransferRequest): Promise<{ id: string }>;
  /** Takes part of a transfer back (a refund); answers the reversal's id. Throws TransferRefused. */
  createTransferReversal(request: TransferReversalRequest): Promise<{ id: string }>;
}
