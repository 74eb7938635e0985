import type { ApiClient } from '../../app/api/api-client';

/** The answers of the admin REST paths (requirements §P7), as the dashboard reads them. */
export interface Paged {
  readonly pages: number;
  readonly current_page: number;
  readonly total: number;
}
export interface AdminUser {
  readonly username: string;
  readonly email: string;
  readonly user_id: string;
  readonly created_at: string;
}
export interface AdminSubscription {
  readonly user_id: string;
  readonly username: string;
  readonly email: string;
  readonly subscription_type: string;
  readonly tokens_remaining: number;
}
export interface AdminProducer {
  readonly user_id: string;
  readonly username: string;
  readonly producer_name: string;
  readonly files_uploaded: number;
}
export interface AdminBeatOrder {
  readonly order_id: string;
  readonly producers: readonly string[];
  readonly customer_email: string;
  readonly price: number;
  readonly status: 'paid' | 'refunded';
  /** standard, advanced, excindie or exclabel. */
  readonly tier: string;
  /** When the order was paid (ISO). */
  readonly created_at: string;
}
export interface AdminPayment {
  readonly payment_id: string;
  readonly username: string;
  readonly email: string;
  readonly subscription_type: string;
  readonly amount: number;
  readonly paid_at: string;
  readonly refunded_at: string | null;
  readonly refundable: boolean;
}
export interface AdminAuditEntry {
  readonly id: string;
  readonly admin_email: string;
  readonly action: string;
  readonly target_type: string;
  readonly target_id: string;
  readonly reason: string;
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
  readonly created_at: string;
}
export interface SubscriptionStats {
  readonly counts: Record<string, number>;
  readonly revenue: Record<string, number>;
}

/** Which page of each list is shown, and the user search. */
export interface DashboardQuery {
  readonly users: number;
  readonly subscriptions: number;
  readonly producers: number;
  readonly orders: number;
  readonly payments: number;
  readonly audit: number;
  readonly search: string;
}

export interface Dashboard {
  readonly users: Paged & { readonly users: readonly AdminUser[] };
  readonly subscriptions: Paged & { readonly subscriptions: readonly AdminSubscription[] };
  readonly producers: Paged & { readonly producers: readonly AdminProducer[] };
  readonly orders: Paged & { readonly beat_orders: readonly AdminBeatOrder[] };
  readonly payments: Paged & { readonly subscription_payments: readonly AdminPayment[] };
  readonly audit: Paged & { readonly entries: readonly AdminAuditEntry[] };
  readonly totalUsers: number;
  readonly totalSubscriptions: number;
  readonly totalProducers: number;
  readonly totalRevenue: number;
  readonly stats: SubscriptionStats;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** Every list and total at once (requirements §P4: all load together on mount and on any page change). */
export async function loadDashboard(api: ApiClient, q: DashboardQuery): Promise<Dashboard> {
  const search = q.search.trim() ? `&search=${encodeURIComponent(q.search.trim())}` : '';
  const [users, subscriptions, producers, orders, payments, audit, totalUsers, totalSubscriptions, totalProducers, totalRevenue, stats] = await Promise.all([
    api.request<Dashboard['users']>(`/admin/users?page=${q.users}${search}`),
    api.request<Dashboard['subscriptions']>(`/admin/user-subscriptions?page=${q.subscriptions}`),
    api.request<Dashboard['producers']>(`/admin/producers?page=${q.producers}`),
    api.request<Dashboard['orders']>(`/admin/beat-orders?page=${q.orders}`),
    api.request<Dashboard['payments']>(`/admin/subscription-payments?page=${q.payments}`),
    api.request<Dashboard['audit']>(`/admin/audit-log?page=${q.audit}`),
    api.request<{ total_users: number }>('/admin/total-users'),
    api.request<{ total_subscriptions: number }>('/admin/total-subscriptions'),
    api.request<{ total_producers: number }>('/admin/total-producers'),
    api.request<{ total_revenue: number }>('/admin/total-beat-orders'),
    api.request<SubscriptionStats>('/admin/subscription-stats'),
  ]);
  return {
    users, subscriptions, producers, orders, payments, audit, stats,
    totalUsers: totalUsers.total_users,
    totalSubscriptions: totalSubscriptions.total_subscriptions,
    totalProducers: totalProducers.total_producers,
    totalRevenue: totalRevenue.total_revenue,
  };
}

export const updateTokens = (api: ApiClient, userId: string, tokens: number, seen: number) =>
  api.request('/admin/update-tokens', json({ user_id: userId, tokens_remaining: tokens, tokens_seen: seen }));

export const refundPayment = (api: ApiClient, paymentId: string, reason: string) =>
  api.request('/admin/refund-subscription-payment', json({ payment_id: paymentId, reason }));

export const refundOrder = (api: ApiClient, orderId: string, reason: string) => api.request('/admin/refund-order', json({ order_id: orderId, reason }));

/** Dollars with 2 decimals, as the spec shows revenue and prices. */
export const formatDollars = (amount: number) => `$${amount.toFixed(2)}`;
