import type { MikroORM } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors';
import type { User } from '../../accounts';
import type { BeatsService } from '../../beats';
import { notAProducer } from '../../producers';
import type { ProducersService } from '../../producers';
import type { EarningsCharts, EarningsMonth, LoopRecord, Statement, StatementLine, TierCount } from './earnings-charts.types';
import { monthStart, parseStatementPeriod } from './statement-period';

export const MAX_CHART_MONTHS = 36;

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * A producer's earnings as charts (by month, by tier, their loops' beats by week, each loop's
 * record) and as statements for a month or a year. Every amount comes from the earnings ledger and
 * the transfers, read by producer (earnings_ledger_producer_index, the transfers' producer index).
 */
export class EarningsChartsService {
  constructor(private readonly deps: { orm: MikroORM; producers: ProducersService; beats: BeatsService }) {}

  private async keysOf(user: User): Promise<{ keys: string[]; ids: string }> {
    const keys = await this.deps.producers.producerKeys(user.id);
    if (!keys.length) throw notAProducer();
    return { keys, ids: `{${keys.join(',')}}` };
  }

  /** The last `months` months (this one included, 1 to 36) as charts; FORBIDDEN for a user who is not a producer. */
  async charts(user: User, months = 12, now = new Date()): Promise<EarningsCharts> {
    if (!Number.isInteger(months) || months < 1 || months > MAX_CHART_MONTHS) throw badInput(`months must be a whole number from 1 to ${MAX_CHART_MONTHS}.`, { field: 'months' });
    const { ids } = await this.keysOf(user);
    const from = monthStart(now, months - 1);
    const to = monthStart(now, -1);
    const em = this.deps.orm.em.fork();
    const [ledger, transfers, tierRows, weeks, loops] = await Promise.all([
      em.execute<{ month: string; earned: number; reversed: number }[]>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
                coalesce(sum(amount_cents) filter (where kind = 'sale_producer'), 0)::int as earned,
                coalesce(-sum(amount_cents) filter (where kind = 'refund_producer'), 0)::int as reversed
           from earnings_ledger where producer_id = any(?::uuid[]) and kind in ('sale_producer', 'refund_producer') and created_at >= ? and created_at < ?
          group by 1`,
        [ids, from, to],
      ),
      // What each month's sales became, net of completed or running reversals (as the totals count them).
      em.execute<{ month: string; state: string; cents: number }[]>(
        `select to_char(o.created_at at time zone 'UTC', 'YYYY-MM') as month, t.state,
                sum(t.amount_cents - case when t.state = 'paid' then
                   (select coalesce(sum(r.amount_cents), 0) from earnings_reversals r where r.transfer_id = t.id and r.state in ('pending', 'sending', 'done')) else 0 end)::int as cents
           from earnings_transfers t join earnings_orders o on o.order_id = t.order_id
          where t.producer_id = any(?::uuid[]) and o.created_at >= ? and o.created_at < ?
          group by 1, 2`,
        [ids, from, to],
      ),
      em.execute<{ tier: string | null; licences: number; earned: number }[]>(
        `select o.tier, count(distinct s.order_id)::int as licences, sum(s.amount_cents)::int as earned
           from earnings_ledger s join earnings_orders o on o.order_id = s.order_id
          where s.producer_id = any(?::uuid[]) and s.kind in ('sale_producer', 'refund_producer') and o.created_at >= ? and o.created_at < ?
          group by o.tier order by licences desc, o.tier`,
        [ids, from, to],
      ),
      this.deps.beats.beatsByWeek(user.id, from, to),
      this.loopRecords(user, ids),
    ]);
    const months_: EarningsMonth[] = [];
    for (let i = months - 1; i >= 0; i--) {
      const month = monthKey(monthStart(now, i));
      const l = ledger.find((r) => r.month === month);
      const state = (...names: string[]) => transfers.filter((t) => t.month === month && names.includes(t.state)).reduce((a, t) => a + t.cents, 0);
      months_.push({
        month,
        earnedCents: l?.earned ?? 0,
        reversedCents: l?.reversed ?? 0,
        paidCents: state('paid'),
        pendingCents: state('pending', 'sending'),
        heldCents: state('held'),
        failedCents: state('failed'),
      });
    }
    const tiers: TierCount[] = tierRows.map((t) => ({ tier: t.tier ?? 'unknown', licences: t.licences, earnedCents: t.earned }));
    return { from, to, months: months_, tiers, weeks, loops };
  }

  /** Each loop's record: beats it was in, licences of those beats, the producer's money from them, top genres and prompt words. */
  private async loopRecords(user: User, ids: string): Promise<LoopRecord[]> {
    const [usage, loopBeats, perBeat] = await Promise.all([
      this.deps.beats.loopUsage(user.id),
      this.deps.beats.loopBeats(user.id),
      this.deps.orm.em.fork().execute<{ beat_id: string; licences: number; earned: number }[]>(
        `select o.beat_id, count(distinct s.order_id)::int as licences, sum(s.amount_cents)::int as earned
           from earnings_ledger s join earnings_orders o on o.order_id = s.order_id
          where s.producer_id = any(?::uuid[]) and s.kind in ('sale_producer', 'refund_producer')
          group by o.beat_id`,
        [ids],
      ),
    ]);
    const byBeat = new Map(perBeat.map((b) => [b.beat_id, b]));
    const bySample = new Map(loopBeats.map((l) => [l.sampleId, l]));
    return usage.map((loop) => {
      const used = bySample.get(loop.id);
      const sold = (used?.beatIds ?? []).map((id) => byBeat.get(id)).filter((b) => b !== undefined);
      return {
        id: loop.id,
        kind: loop.kind,
        name: loop.name,
        type: loop.type,
        withdrawn: loop.withdrawn,
        beats: loop.beats,
        licences: sold.reduce((a, b) => a + b.licences, 0),
        earnedCents: sold.reduce((a, b) => a + b.earned, 0),
        topGenres: (used?.genres ?? []).map((g) => g.name),
        topWords: (used?.words ?? []).map((w) => w.name),
      };
    });
  }

  /**
   * Every ledger line of the producer in a month ("2026-11") or a year ("2026"), UTC: each sale
   * (their part) and each refund (what it took back), oldest first. totalCents equals the sum of the
   * producer's ledger rows dated in the period.
   */
  async statement(user: User, period: unknown): Promise<Statement> {
    const range = parseStatementPeriod(period);
    const { ids } = await this.keysOf(user);
    const producer = await this.deps.producers.producerOf(user.id);
    const rows = await this.deps.orm.em.fork().execute<{
      created_at: Date; kind: string; order_id: string; tier: string | null; beat_id: string; beat_title: string | null; share_basis_points: number | null;
      gross_cents: number; fee_cents: number; refunded: number | null; amount_cents: number; state: string | null;
    }[]>(
      `select l.created_at, l.kind, l.order_id, o.tier, o.beat_id, o.beat_title, s.share_basis_points, o.gross_cents, o.fee_cents,
              (select f.refunded_cents from earnings_refunds f where f.refund_id = l.refund_id) as refunded,
              l.amount_cents, t.state
         from earnings_ledger l
         join earnings_orders o on o.order_id = l.order_id
         left join earnings_ledger s on s.order_id = l.order_id and s.producer_id = l.producer_id and s.kind = 'sale_producer'
         left join earnings_transfers t on t.order_id = l.order_id and t.producer_id = l.producer_id
        where l.producer_id = any(?::uuid[]) and l.kind in ('sale_producer', 'refund_producer') and l.created_at >= ? and l.created_at < ?
        order by l.created_at, l.order_id, l.kind desc`,
      [ids, range.from, range.to],
    );
    const titles = await this.deps.beats.titles(rows.filter((r) => !r.beat_title).map((r) => r.beat_id));
    const lines: StatementLine[] = rows.map((r) => {
      const sale = r.kind === 'sale_producer';
      const refunded = -(r.refunded ?? 0);
      return {
        date: new Date(r.created_at),
        kind: sale ? 'sale' : 'refund',
        orderId: r.order_id,
        tier: r.tier,
        beatTitle: r.beat_title ?? titles.get(r.beat_id) ?? null,
        shareBasisPoints: r.share_basis_points,
        grossCents: sale ? r.gross_cents : refunded,
        feeCents: sale ? r.fee_cents : 0,
        netCents: sale ? r.gross_cents - r.fee_cents : refunded,
        amountCents: r.amount_cents,
        transferStatus: r.state ?? 'none',
      };
    });
    const salesCents = lines.filter((l) => l.kind === 'sale').reduce((a, l) => a + l.amountCents, 0);
    const refundsCents = lines.filter((l) => l.kind === 'refund').reduce((a, l) => a + l.amountCents, 0);
    return { producerName: producer?.prodName ?? user.username, period: range.label, from: range.from, to: range.to, lines, salesCents, refundsCents, totalCents: salesCents + refundsCents };
  }
}
