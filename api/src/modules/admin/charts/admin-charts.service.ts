import type { MikroORM } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors';
import { PLANS } from '../../billing';

/** The longest range the charts answer for, in days. */
export const MAX_RANGE_DAYS = 1096;
export const DEFAULT_RANGE_DAYS = 30;

export interface DateRange {
  /** First day, "2026-11-01" (UTC). */
  readonly from: string;
  /** Last day, inclusive. */
  readonly to: string;
}

export interface RevenuePoint {
  /** "2026-11-27" for a day, "2026-11" for a month. */
  readonly period: string;
  readonly subscriptionGrossCents: number;
  readonly subscriptionRefundCents: number;
  /** Gross less refunds made in the period. */
  readonly subscriptionNetCents: number;
  readonly licenceGrossCents: number;
  readonly licenceRefundCents: number;
  readonly licenceNetCents: number;
  readonly licenceOrders: number;
}

export interface DayCount {
  readonly day: string;
  readonly beats: number;
  readonly accounts: number;
}

export interface PlanMixRow {
  readonly level: number;
  readonly plan: string;
  /** Subscription payments on this plan in the range. */
  readonly payments: number;
  /** Those payments less what was refunded of them. */
  readonly netCents: number;
}

export interface PayoutRow {
  /** pending (waiting or being sent), held, sent, failed. */
  readonly state: 'pending' | 'held' | 'sent' | 'failed';
  readonly transfers: number;
  readonly cents: number;
}

export interface AdminCharts {
  readonly range: DateRange;
  readonly days: readonly RevenuePoint[];
  readonly months: readonly RevenuePoint[];
  readonly activity: readonly DayCount[];
  readonly planMix: readonly PlanMixRow[];
  readonly payouts: readonly PayoutRow[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

function parseDay(value: unknown, field: string): Date {
  const date = typeof value === 'string' && DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw badInput(`${field} must be a date, 2026-11-27.`, { field });
  return date;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A range of days for the charts: both ends given, or the last 30 days to `today`. BAD_USER_INPUT
 * for a malformed date, an end before the start, or more than MAX_RANGE_DAYS days.
 */
export function parseRange(from: unknown, to: unknown, today = new Date()): DateRange {
  const end = to === undefined || to === null || to === '' ? new Date(`${isoDay(today)}T00:00:00Z`) : parseDay(to, 'to');
  const start = from === undefined || from === null || from === '' ? new Date(end.getTime() - (DEFAULT_RANGE_DAYS - 1) * MS_PER_DAY) : parseDay(from, 'from');
  if (end < start) throw badInput('to must not be before from.', { field: 'to' });
  if ((end.getTime() - start.getTime()) / MS_PER_DAY + 1 > MAX_RANGE_DAYS) throw badInput(`The range must be at most ${MAX_RANGE_DAYS} days.`, { field: 'from' });
  return { from: isoDay(start), to: isoDay(end) };
}

const PAYOUT_STATES: Record<PayoutRow['state'], readonly string[]> = { pending: ['pending', 'sending'], held: ['held'], sent: ['paid'], failed: ['failed'] };

/**
 * The admin dashboard's charts, every figure over one range of days: revenue by day and month
 * (subscriptions and licences apart, refunds subtracted on the day they were made), beats
 * generated and new accounts per day, the plan mix of the range's subscription payments, and the
 * payouts of the range's licence sales by state. Read from the daily roll-up (admin_daily_stats
 * plus the deltas not yet compacted), so a range of three years reads at most a few thousand rows
 * whatever the size of the tables behind it. Callers have checked that the user is an admin.
 */
export class AdminChartsService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /**
   * Folds the pending deltas into admin_daily_stats, in one statement that locks the stats rows in
   * key order; one compactor at a time (a transaction advisory lock), the others skip it: a read
   * sums the stats and the remaining deltas of one snapshot, so it is right either way.
   */
  async compact(): Promise<void> {
    // One statement (one round trip): its implicit transaction holds the advisory lock.
    await this.deps.orm.em.fork().execute(
      `with lock as (select pg_try_advisory_xact_lock(hashtext('admin_daily_compact')) as locked),
            moved as (delete from admin_daily_deltas where (select locked from lock) returning day, metric, value)
       insert into admin_daily_stats (day, metric, value)
       select day, metric, sum(value) from moved group by day, metric order by day, metric
       on conflict (day, metric) do update set value = admin_daily_stats.value + excluded.value`,
    );
  }

  /** Every figure of the dashboard's charts over `range` (see parseRange). */
  async charts(range: DateRange): Promise<AdminCharts> {
    await this.compact();
    const rows = await this.deps.orm.em.fork().execute<{ day: string; metric: string; value: string }[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, metric, sum(value)::text as value from (
         select day, metric, value from admin_daily_stats where day between ?::date and ?::date
         union all
         select day, metric, value from admin_daily_deltas where day between ?::date and ?::date
       ) r group by day, metric`,
      [range.from, range.to, range.from, range.to],
    );
    const byDay = new Map<string, Map<string, number>>();
    const totals = new Map<string, number>();
    for (const r of rows) {
      const value = Number(r.value);
      const day = byDay.get(r.day) ?? new Map<string, number>();
      byDay.set(r.day, day);
      day.set(r.metric, value);
      totals.set(r.metric, (totals.get(r.metric) ?? 0) + value);
    }
    const days: RevenuePoint[] = [];
    const activity: DayCount[] = [];
    const months = new Map<string, RevenuePoint>();
    for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += MS_PER_DAY) {
      const day = isoDay(new Date(t));
      const m = byDay.get(day);
      const point = revenuePoint(day, (k) => m?.get(k) ?? 0);
      days.push(point);
      activity.push({ day, beats: m?.get('beats_generated') ?? 0, accounts: m?.get('accounts_new') ?? 0 });
      const month = day.slice(0, 7);
      const before = months.get(month);
      months.set(month, before ? addPoints(before, point) : { ...point, period: month });
    }
    const total = (k: string) => totals.get(k) ?? 0;
    return {
      range,
      days,
      months: [...months.values()],
      activity,
      planMix: PLANS.map((p) => ({ level: p.level, plan: p.name, payments: total(`plan_payments:${p.level}`), netCents: total(`plan_cents:${p.level}`) })),
      payouts: (Object.keys(PAYOUT_STATES) as PayoutRow['state'][]).map((state) => ({
        state,
        transfers: PAYOUT_STATES[state].reduce((a, s) => a + total(`payouts:${s}`), 0),
        cents: PAYOUT_STATES[state].reduce((a, s) => a + total(`payout_cents:${s}`), 0),
      })),
    };
  }
}

function revenuePoint(period: string, get: (metric: string) => number): RevenuePoint {
  const subscriptionGrossCents = get('subscription_gross_cents');
  const subscriptionRefundCents = get('subscription_refund_cents');
  const licenceGrossCents = get('licence_gross_cents');
  const licenceRefundCents = get('licence_refund_cents');
  return {
    period,
    subscriptionGrossCents,
    subscriptionRefundCents,
    subscriptionNetCents: subscriptionGrossCents - subscriptionRefundCents,
    licenceGrossCents,
    licenceRefundCents,
    licenceNetCents: licenceGrossCents - licenceRefundCents,
    licenceOrders: get('licence_orders'),
  };
}

function addPoints(a: RevenuePoint, b: RevenuePoint): RevenuePoint {
  return {
    period: a.period,
    subscriptionGrossCents: a.subscriptionGrossCents + b.subscriptionGrossCents,
    subscriptionRefundCents: a.subscriptionRefundCents + b.subscriptionRefundCents,
    subscriptionNetCents: a.subscriptionNetCents + b.subscriptionNetCents,
    licenceGrossCents: a.licenceGrossCents + b.licenceGrossCents,
    licenceRefundCents: a.licenceRefundCents + b.licenceRefundCents,
    licenceNetCents: a.licenceNetCents + b.licenceNetCents,
    licenceOrders: a.licenceOrders + b.licenceOrders,
  };
}
