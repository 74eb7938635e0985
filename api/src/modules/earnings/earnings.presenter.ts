import type { MyEarningsType } from './outputs/earnings.types';
import type { EarningsView } from './view/earnings-view.service';

/** GraphQL myEarnings. */
export const presentEarnings = (view: EarningsView): MyEarningsType => ({
  totals: view.totals,
  orders: { ...view.orders, items: view.orders.items.map((o) => ({ ...o, sharePercent: o.shareBasisPoints / 100 })) },
  loops: view.loops,
});

/** GET /producer-earnings: snake_case like the spec's REST answers, amounts in cents, dates in ISO 8601. */
export const presentEarningsRest = (view: EarningsView) => ({
  totals: {
    earned_cents: view.totals.earnedCents,
    paid_cents: view.totals.paidCents,
    pending_cents: view.totals.pendingCents,
    held_cents: view.totals.heldCents,
    reversed_cents: view.totals.reversedCents,
    failed_cents: view.totals.failedCents,
  },
  orders: view.orders.items.map((o) => ({
    order_id: o.orderId,
    beat_id: o.beatId,
    beat_title: o.beatTitle,
    tier: o.tier,
    date: o.date.toISOString(),
    share_percent: o.shareBasisPoints / 100,
    amount_cents: o.amountCents,
    reversed_cents: o.reversedCents,
    status: o.status,
    failure: o.failure,
  })),
  page: view.orders.page,
  pages: view.orders.pages,
  total: view.orders.total,
  loops: view.loops.map((l) => ({ id: l.id, kind: l.kind, name: l.name, type: l.type, bpm: l.bpm, key: l.key, mode: l.mode, created_at: l.createdAt.toISOString(), withdrawn: l.withdrawn, beats: l.beats })),
});
