import type { AdminChartsType } from './admin-charts.outputs';
import type { AdminCharts, RevenuePoint } from './admin-charts.service';

/** GraphQL adminCharts. */
export const presentAdminCharts = (c: AdminCharts): AdminChartsType => ({
  from: c.range.from,
  to: c.range.to,
  days: [...c.days],
  months: [...c.months],
  activity: [...c.activity],
  planMix: [...c.planMix],
  payouts: [...c.payouts],
});

const revenueRest = (p: RevenuePoint) => ({
  period: p.period,
  subscription_gross_cents: p.subscriptionGrossCents,
  subscription_refund_cents: p.subscriptionRefundCents,
  subscription_net_cents: p.subscriptionNetCents,
  licence_gross_cents: p.licenceGrossCents,
  licence_refund_cents: p.licenceRefundCents,
  licence_net_cents: p.licenceNetCents,
  licence_orders: p.licenceOrders,
});

/** GET /admin/charts: snake_case like the other admin paths. */
export const presentAdminChartsRest = (c: AdminCharts) => ({
  from: c.range.from,
  to: c.range.to,
  days: c.days.map(revenueRest),
  months: c.months.map(revenueRest),
  activity: c.activity.map((a) => ({ day: a.day, beats: a.beats, accounts: a.accounts })),
  plan_mix: c.planMix.map((p) => ({ level: p.level, plan: p.plan, payments: p.payments, net_cents: p.netCents })),
  payouts: c.payouts.map((p) => ({ state: p.state, transfers: p.transfers, cents: p.cents })),
});
