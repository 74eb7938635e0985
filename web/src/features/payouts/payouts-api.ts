import type { ApiClient } from '../../app/api/api-client';

/** GET /check-stripe-account: whether the user has a payout account at the payment provider. */
export async function checkStripeAccount(api: ApiClient): Promise<boolean> {
  const { hasStripeAccount } = await api.request<{ hasStripeAccount: boolean }>('/check-stripe-account');
  return hasStripeAccount === true;
}

/** POST /express-dashboard: a one-time link into the payment provider's dashboard. */
export async function expressDashboardUrl(api: ApiClient): Promise<string> {
  const { url } = await api.request<{ url: string }>('/express-dashboard', { method: 'POST' });
  return url;
}
