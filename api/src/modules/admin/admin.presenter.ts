import type { AdminUserRow } from '../accounts';
import type { PlanAccountRow, PlanStat, SubscriptionPaymentRow } from '../billing';
import type { AdminProducerRow, AuditEntryView } from './admin.service';
import type { AdminOrderRow } from './orders-source.types';
import type { PageOf } from './pagination';

/** Cents as the spec's dollar numbers (price, total_revenue); exact to the cent. */
export const dollars = (cents: number) => cents / 100;

/** Requirements §P3 "Paged list responses": the array under its name, `pages` and `current_page` (plus `total` and `page_size`). */
function paged<T>(name: string, page: PageOf<T>, present: (row: T) => Record<string, unknown>) {
  return { [name]: page.rows.map(present), pages: page.pages, current_page: page.page, total: page.total, page_size: page.size };
}

export const presentUsers = (page: PageOf<AdminUserRow>) =>
  paged('users', page, (u) => ({ username: u.username, email: u.email, user_id: u.userId, created_at: u.createdAt.toISOString() }));

export const presentPlanAccount = (s: PlanAccountRow) => ({
  user_id: s.userId,
  username: s.username,
  email: s.email,
  subscription_type: s.subscriptionType,
  tokens_remaining: s.tokensRemaining,
});

export const presentSubscriptions = (page: PageOf<PlanAccountRow>) => paged('subscriptions', page, presentPlanAccount);

export const presentProducers = (page: PageOf<AdminProducerRow>) =>
  paged('producers', page, (p) => ({ user_id: p.userId, username: p.username, producer_name: p.producerName, files_uploaded: p.filesUploaded }));

export const presentOrder = (o: AdminOrderRow) => ({
  order_id: o.orderId,
  producers: [...o.producers],
  customer_email: o.customerEmail,
  price: dollars(o.priceCents),
  price_cents: o.priceCents,
  refunded_cents: o.refundedCents,
  status: o.status,
  beat_title: o.beatTitle,
  tier: o.tier,
  created_at: o.createdAt.toISOString(),
});

export const presentOrders = (page: PageOf<AdminOrderRow>) => paged('beat_orders', page, presentOrder);

export const presentPayment = (p: SubscriptionPaymentRow) => ({
  payment_id: p.id,
  user_id: p.userId,
  username: p.username,
  email: p.email,
  subscription_type: p.subscriptionType,
  amount: dollars(p.amountCents),
  amount_cents: p.amountCents,
  refunded_cents: p.refundedCents,
  currency: p.currency,
  paid_at: p.paidAt.toISOString(),
  refunded_at: p.refundedAt?.toISOString() ?? null,
  refundable: p.refundable,
});

export const presentPayments = (page: PageOf<SubscriptionPaymentRow>) => paged('subscription_payments', page, presentPayment);

export const presentAuditLog = (page: PageOf<AuditEntryView>) =>
  paged('entries', page, (e) => ({
    id: e.id,
    admin_id: e.adminId,
    admin_email: e.adminEmail,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    reason: e.reason,
    before: e.before,
    after: e.after,
    created_at: e.createdAt.toISOString(),
  }));

/** Requirements §P3 "Subscription stats": counts and revenue, each keyed by subscription type (revenue in dollars, and in cents). */
export function presentStats(stats: readonly PlanStat[]) {
  return {
    counts: Object.fromEntries(stats.map((s) => [s.subscriptionType, s.count])),
    revenue: Object.fromEntries(stats.map((s) => [s.subscriptionType, dollars(s.revenueCents)])),
    revenue_cents: Object.fromEntries(stats.map((s) => [s.subscriptionType, s.revenueCents])),
  };
}

export const presentTotal = {
  users: (total: number) => ({ total_users: total }),
  subscriptions: (total: number) => ({ total_subscriptions: total }),
  producers: (total: number) => ({ total_producers: total }),
  beatOrders: (cents: number) => ({ total_revenue: dollars(cents), total_revenue_cents: cents }),
};
