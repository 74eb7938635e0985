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
}
