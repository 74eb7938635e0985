import type { MikroORM } from '@mikro-orm/postgresql';
import type { User } from '../../accounts';
import type { BeatsService, LoopUsage } from '../../beats';
import { notAProducer } from '../../producers';
import type { ProducersService } from '../../producers';
import type { TransferState } from '../entities/earnings-transfer.entity';

export const EARNINGS_PAGE_SIZE = 20;

export interface EarningsTotals {
  /** Every part of every sale. */
  readonly earnedCents: number;
  /** Paid to the payout account and kept (less reversals made or under way). */
  readonly paidCents: number;
  /** Being paid now (or waiting for a retry). */
  readonly pendingCents: number;
  /** Waiting for the payout account to be able to receive transfers. */
  readonly heldCents: number;
  /** Taken back by refunds and lost disputes. */
  readonly reversedCents: number;
  /** Refused by the payment provider for good: the support team pays it by hand. */
  readonly failedCents: number;
}

export type OrderPayoutStatus = TransferState | 'none';

export interface EarningsOrderLine {
  readonly orderId: string;
  readonly beatId: string;
  readonly beatTitle: string | null;
  readonly tier: string | null;
  readonly date: Date;
  readonly shareBasisPoints: number;
  readonly amountCents: number;
  readonly reversedCents: number;
  /** Where this producer's money of the order is (none: their part rounded to 0 cents). */
  readonly status: OrderPayoutStatus;
  readonly failure: string | null;
}

export interface EarningsView {
  readonly totals: EarningsTotals;
  readonly orders: { readonly items: EarningsOrderLine[]; readonly total: number; readonly page: number; readonly pages: number };
  readonly loops: LoopUsage[];
}

/** A transfer or reversal the provider refused for good: for the admin view (paid by hand, or retried). */
export interface PayoutFailure {
  readonly kind: 'transfer' | 'reversal';
  readonly id: string;
  readonly orderId: string;
  readonly producerId: string;
  readonly accountId: string | null;
  readonly amountCents: number;
  readonly attempts: number;
  readonly error: string | null;
  readonly updatedAt: Date;
}

/** A producer's earnings as /contributor-setup shows them (GraphQL myEarnings, GET /producer-earnings). */
export class EarningsViewService {
  constructor(private readonly deps: { orm: MikroORM; producers: ProducersService; beats: BeatsService }) {}

  /** FORBIDDEN for a user who is not a producer; `page` from 1. */
  async myEarnings(user: User, page = 1): Promise<EarningsView> {
    const keys = await this.deps.producers.producerKeys(user.id);
    if (!keys.length) throw notAProducer();
    const ids = `{${keys.join(',')}}`;
    const em = this.deps.orm.em.fork();
    const [ledger] = await em.execute<{ earned: number; reversed: number }[]>(
      `select coalesce(sum(amount_cents) filter (where kind = 'sale_producer'), 0)::int as earned,
              coalesce(-sum(amount_cents) filter (where kind = 'refund_producer'), 0)::int as reversed
         from earnings_ledger where producer_id = any(?::uuid[])`,
      [ids],
    );
    const states = await em.execute<{ state: TransferState; cents: number }[]>(
      `select t.state, sum(t.amount_cents - case when t.state = 'paid' then
                 (select coalesce(sum(r.amount_cents), 0) from earnings_reversals r where r.transfer_id = t.id and r.state in ('pending', 'sending', 'done')) else 0 end)::int as cents
         from earnings_transfers t where t.producer_id = any(?::uuid[]) group by t.state`,
      [ids],
    );
    const by = (...names: TransferState[]) => states.filter((s) => names.includes(s.state)).reduce((a, s) => a + s.cents, 0);
    const totals: EarningsTotals = {
      earnedCents: ledger.earned,
      reversedCents: ledger.reversed,
      paidCents: by('paid'),
      pendingCents: by('pending', 'sending'),
      heldCents: by('held'),
      failedCents: by('failed'),
    };
    const current = Math.max(1, Math.floor(page));
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total from earnings_ledger where kind = 'sale_producer' and producer_id = any(?::uuid[])`, [ids]);
    const rows = await em.execute<{ order_id: string; beat_id: string; beat_title: string | null; tier: string | null; created_at: Date; share_basis_points: number; amount_cents: number; reversed: number; state: TransferState | null; last_error: string | null }[]>(
      `select s.order_id, o.beat_id, o.beat_title, o.tier, o.created_at, s.share_basis_points, s.amount_cents,
              coalesce((select -sum(r.amount_cents) from earnings_ledger r where r.order_id = s.order_id and r.producer_id = s.producer_id and r.kind = 'refund_producer'), 0)::int as reversed,
              t.state, t.last_error
         from earnings_ledger s
         join earnings_orders o on o.order_id = s.order_id
         left join earnings_transfers t on t.order_id = s.order_id and t.producer_id = s.producer_id
        where s.kind = 'sale_producer' and s.producer_id = any(?::uuid[])
        order by o.created_at desc, s.order_id
        limit ? offset ?`,
      [ids, EARNINGS_PAGE_SIZE, (current - 1) * EARNINGS_PAGE_SIZE],
    );
    const titles = await this.deps.beats.titles(rows.filter((r) => !r.beat_title).map((r) => r.beat_id));
    const items = rows.map((r) => ({
      orderId: r.order_id,
      beatId: r.beat_id,
      beatTitle: r.beat_title ?? titles.get(r.beat_id) ?? null,
      tier: r.tier,
      date: new Date(r.created_at),
      shareBasisPoints: r.share_basis_points,
      amountCents: r.amount_cents,
      reversedCents: r.reversed,
      status: r.state ?? ('none' as const),
      failure: r.state === 'failed' ? 'The payment provider refused this transfer. Our support team will pay it by hand.' : null,
    }));
    return {
      totals,
      orders: { items, total, page: current, pages: Math.max(1, Math.ceil(total / EARNINGS_PAGE_SIZE)) },
      loops: await this.deps.beats.loopUsage(user.id),
    };
  }

  /** Failed transfers and reversals, newest first (the admin dashboard's list; admin rights are checked by its caller). */
  async payoutFailures(limit = 100): Promise<PayoutFailure[]> {
    const rows = await this.deps.orm.em.fork().execute<{ kind: 'transfer' | 'reversal'; id: string; order_id: string; producer_id: string; account_id: string | null; amount_cents: number; attempts: number; last_error: string | null; updated_at: Date }[]>(
      `select 'transfer' as kind, id, order_id, producer_id, account_id, amount_cents, attempts, last_error, updated_at from earnings_transfers where state = 'failed'
       union all
       select 'reversal', r.id, t.order_id, t.producer_id, t.account_id, r.amount_cents, r.attempts, r.last_error, r.updated_at
         from earnings_reversals r join earnings_transfers t on t.id = r.transfer_id where r.state = 'failed'
       order by updated_at desc limit ?`,
      [Math.min(Math.max(1, limit), 500)],
    );
    return rows.map((r) => ({ kind: r.kind, id: r.id, orderId: r.order_id, producerId: r.producer_id, accountId: r.account_id, amountCents: r.amount_cents, attempts: r.attempts, error: r.last_error, updatedAt: new Date(r.updated_at) }));
  }
}
