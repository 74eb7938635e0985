import { createHash, randomBytes } from 'node:crypto';
import type { PayoutsPort } from './payouts-port';

/** Local payout account ids: unguessable, since the onboarding and dashboard pages are reached by them alone. */
export const newLocalAccountId = () => `local_acct_${randomBytes(24).toString('base64url')}`;
export const isLocalAccountId = (id: string) => /^local_acct_[A-Za-z0-9_-]{32}$/.test(id);

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

export class LocalPayoutsRefused extends Error {}

/**
 * Local payout accounts, for development and demos (no money moves): onboarding is a page of the
 * api (local-payouts.routes.ts) that completes the account and returns to /stripe-connect/success,
 * and the dashboard is a page listing the account's balance. Off in production unless allowed.
 */
export function createLocalPayouts(options: { publicApiUrl: string; production: boolean; allowedInProduction: boolean }): PayoutsPort {
  if (options.production && !options.allowedInProduction) {
    throw new LocalPayoutsRefused('Local payout accounts pay nobody and are off in production; set STRIPE_SECRET_KEY, or LOCAL_CHECKOUT=1 to allow them.');
  }
  return {
    provider: 'local',
    async createAccount() {
      return {
        id: newLocalAccountId(),
        state: { detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, requirementsDue: ['local_onboarding'], disabledReason: 'requirements.past_due' },
      };
    },
    async onboardingLink(accountId) {
      return `${options.publicApiUrl}/local-payouts/${accountId}/onboarding`;
    },
    async dashboardLink(accountId) {
      return `${options.publicApiUrl}/local-payouts/${accountId}/dashboard`;
    },
    async retrieveAccount() {
      return null;
    },
    // No money moves: the id is derived from the idempotency key (so a retry is the same transfer),
    // and the earnings module credits the local account's balance with the transfer's row.
    async createTransfer(request) {
      return { id: `local_tr_${digest(request.idempotencyKey)}` };
    },
    async createTransferReversal(request) {
      return { id: `local_trr_${digest(request.idempotencyKey)}` };
    },
  };
}
