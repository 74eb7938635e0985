import type { EarningsChartsType, EarningsStatementType } from './earnings-charts.outputs';
import type { EarningsCharts, Statement } from './earnings-charts.types';

/** GraphQL myEarningsCharts. */
export const presentCharts = (c: EarningsCharts): EarningsChartsType => ({
  from: c.from,
  to: c.to,
  months: [...c.months],
  tiers: [...c.tiers],
  weeks: [...c.weeks],
  loops: c.loops.map((l) => ({ ...l, topGenres: [...l.topGenres], topWords: [...l.topWords] })),
});

/** GraphQL myEarningsStatement. */
export const presentStatement = (s: Statement): EarningsStatementType => ({
  producerName: s.producerName,
  period: s.period,
  salesCents: s.salesCents,
  refundsCents: s.refundsCents,
  totalCents: s.totalCents,
  lines: s.lines.map(({ shareBasisPoints, ...l }) => ({ ...l, sharePercent: shareBasisPoints === null ? null : shareBasisPoints / 100 })),
});

/** GET /producer-earnings/charts: snake_case, cents, ISO dates. */
export const presentChartsRest = (c: EarningsCharts) => ({
  from: c.from.toISOString(),
  to: c.to.toISOString(),
  months: c.months.map((m) => ({ month: m.month, earned_cents: m.earnedCents, paid_cents: m.paidCents, pending_cents: m.pendingCents, held_cents: m.heldCents, failed_cents: m.failedCents, reversed_cents: m.reversedCents })),
  tiers: c.tiers.map((t) => ({ tier: t.tier, licences: t.licences, earned_cents: t.earnedCents })),
  weeks: c.weeks.map((w) => ({ week: w.week, beats: w.beats })),
  loops: c.loops.map((l) => ({ id: l.id, kind: l.kind, name: l.name, type: l.type, withdrawn: l.withdrawn, beats: l.beats, licences: l.licences, earned_cents: l.earnedCents, top_genres: l.topGenres, top_words: l.topWords })),
});

/** GET /producer-earnings/statement?format=json. */
export const presentStatementRest = (s: Statement) => ({
  producer_name: s.producerName,
  period: s.period,
  sales_cents: s.salesCents,
  refunds_cents: s.refundsCents,
  total_cents: s.totalCents,
  lines: s.lines.map((l) => ({
    date: l.date.toISOString(), kind: l.kind, order_id: l.orderId, tier: l.tier, beat_title: l.beatTitle,
    share_percent: l.shareBasisPoints === null ? null : l.shareBasisPoints / 100,
    gross_cents: l.grossCents, fee_cents: l.feeCents, net_cents: l.netCents, amount_cents: l.amountCents, transfer_status: l.transferStatus,
  })),
});
