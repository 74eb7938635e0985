import { useRuntimeConfig } from '../../app/config/RuntimeConfigProvider';
import type { PaymentsMode } from '../../app/config/client-config';

/** Every sentence of the site that says who takes the money or where payouts are seen. */
export interface PaymentsCopy {
  /** Under the plan cards of /subscriptions. */
  readonly subscribeNote: string;
  /** Under the options of Purchase Rights. */
  readonly licenceNote: string;
  /** The Payouts card of My Account. */
  readonly payoutsText: string;
  /** Terms & Conditions, subscriptions. */
  readonly termsPayments: string;
  /** Privacy Policy, what we collect. */
  readonly privacyPayments: string;
}

/**
 * The copy for each payments mode of the running instance (GET /client-config `payments`): with
 * Stripe the pages name it; with the local checkout and local payout accounts (no Stripe keys) they
 * say so, because no card is asked for and no money moves.
 */
export const PAYMENTS_COPY: Readonly<Record<PaymentsMode, PaymentsCopy>> = {
  stripe: {
    subscribeNote: 'Secure payments through Stripe; we never see your card. Cancel anytime from My Account.',
    licenceNote: 'Prices in US dollars. Checkout is handled securely by Stripe.',
    payoutsText: 'Balances, payouts and tax details live in your Stripe Express dashboard.',
    termsPayments: 'Payments are processed by Stripe; we never see or store your full card number.',
    privacyPayments: 'handled by Stripe; we receive the status and amount of a payment, not your card number.',
  },
  local: {
    subscribeNote: 'This instance uses its local checkout: no card is asked for and no money moves. Cancel anytime from My Account.',
    licenceNote: 'Prices in US dollars. This instance uses its local checkout: no card is asked for and no money moves.',
    payoutsText: "This instance pays producers into local payout accounts: your balance is on the instance's local payout dashboard, and no money moves.",
    termsPayments: 'On this instance payments go through its local checkout, which asks for no card and moves no money.',
    privacyPayments: 'this instance uses its local checkout, which takes no card details; we record the status and amount of each payment.',
  },
};

/** The payments copy of the running instance. */
export function usePaymentsCopy(): PaymentsCopy {
  return PAYMENTS_COPY[useRuntimeConfig().payments];
}
