import type { Config } from '../../../config';
import { createLocalPayouts } from './local-payouts';
import type { PayoutsPort } from './payouts-port';
import { createStripePayouts } from './stripe-payouts';

/** Stripe Connect Express when Stripe is configured, otherwise local payout accounts. */
export function createPayouts(config: Config): PayoutsPort {
  const payouts = config.payouts;
  if (payouts.kind === 'stripe') return createStripePayouts(payouts);
  return createLocalPayouts({ publicApiUrl: config.publicApiUrl, production: config.isProduction, allowedInProduction: payouts.allowedInProduction });
}
