import type { Config } from '../../../config';
import { createLocalPayments } from './local-payments';
import type { PaymentsPort } from './payments-port';
import { createStripePayments } from './stripe-payments';

/** Stripe when its secret key is configured, otherwise the local checkout (refused in production unless allowed). */
export function createPayments(config: Config, localKeySecret?: () => Promise<string>): PaymentsPort {
  const payments = config.payments;
  if (payments.kind === 'stripe') return createStripePayments(payments);
  return createLocalPayments({ publicApiUrl: config.publicApiUrl, production: config.isProduction, allowedInProduction: payments.allowedInProduction, keySecret: localKeySecret });
}
