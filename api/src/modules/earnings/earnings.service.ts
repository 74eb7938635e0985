import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { ProducersService } from '../producers';
import { afterCommit } from './after-commit';
import { reversedOfPart, splitSale } from './earnings-split';
import { parsePaidOrder, parseRefund } from './earnings.schemas';
import type { EarningsPort, PaidOrder } from './earnings.types';
import type { PayoutRunner } from './payouts/payout-runner';

interface OrderRow {
  gross_cents: number;
  refunded_cents: number;
}

/**
 * Producers' earnings from licence sales (docs/decisions.md, "Earnings"). recordSale and
 * recordRefund write the ledger in the caller's transaction (the licences module's fulfilment or
 * refund); money moves after commit, in the payout jobs (payout-runner.ts).
 */
export class EarningsService implements EarningsPort {
  constructor(private readonly deps: { orm: MikroORM; producers: ProducersService; runner: PayoutRunner; logger: Logger }) {}

  /**
   * Writes the order's split once: the order row (its primary key is the order id: a second call,
   * even a concurrent one, inserts nothing and writes nothing more), the ledger rows (fee, each
   * producer's part, the platform's remainder) and one transfer per producer with a part: pending
   * when their payout account can receive transfers, held otherwise.
   */
  async recordSale(em: EntityManager, order: PaidOrder): Promise<void> {
    const valid = parsePaidOrder(order);
    const split = splitSale(valid.grossCents, valid.feeCents, valid.producers);
    const inserted = await em.execute<{ order_id: string }[]>(
      `insert into earnings_orders (order_id, beat_id, tier, beat_title, gross_cents, fee_cents, fee_estimated, net_cents, pool_cents, platform_cents, refunded_cents, charge_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, now()) on conflict (order_id) do nothing returning order_id`,
      [valid.orderId, valid.beatId, valid.tier ?? null, valid.beatTitle ?? null, split.grossCents, split.feeCents, split.feeEstimated, split.netCents, split.poolCents, split.platformCents, valid.chargeId],
    );
    if (!inserted.length) return;
    const rows: unknown[][] = [
      [`${valid.orderId}:sale:fee`, valid.orderId, null, 'sale_fee', split.feeCents, null],
      ...split.parts.map((p) => [`${valid.orderId}:sale:producer:${p.producerId}`, valid.orderId, p.producerId, 'sale_producer', p.cents, p.shareBasisPoints]),
      [`${valid.orderId}:sale:platform`, valid.orderId, null, 'sale_platform', split.platformCents, null],
    ];
    await em.execute(
      `insert into earnings_ledger (id, entry_key, order_id, producer_id, kind, amount_cents, share_basis_points, created_at)
       values ${rows.map(() => '(gen_random_uuid(), ?, ?, ?, ?, ?, ?, now())').join(', ')}`,
      rows.flat(),
    );
    const paid = split.parts.filter((p) => p.cents > 0);
    if (!paid.length) return;
    const destinations = await this.deps.producers.payoutDestinations(em, paid.map((p) => p.producerId));
    await em.execute(
      `insert into earnings_transfers (id, order_id, producer_id, amount_cents, reversed_cents, state, account_id, attempts, next_attempt_at, created_at, updated_at)
       values ${paid.map(() => `(gen_random_uuid(), ?, ?, ?, 0, ?, ?, 0, now(), now(), now())`).join(', ')}`,
      paid.flatMap((p) => {
        const destination = destinations.get(p.producerId);
        return [valid.orderId, p.producerId, p.cents, destination?.canReceive ? 'pending' : 'held', destination?.accountId ?? null];
      }),
    );
    afterCommit(em, () => void this.deps.runner.enqueueOrder(valid.orderId));
  }

  /**
   * Takes an order's earnings back in proportion to a refund (docs/decisions.md): each producer
   * loses the part of their share the refunded amount stands for (rounded down; all of it once the
   * whole order is refunded), the platform the rest, as negative ledger rows. An unpaid transfer
   * (never attempted) is reduced or cancelled; a paid one (or one that may have reached the
   * provider) gets a reversal, made after commit. Once per refund id; a refund larger than what is
   * left of the order is refused and changes nothing.
   */
  async recordRefund(em: EntityManager, refund: { readonly orderId: string; readonly refundId: string; readonly refundedCents: number; readonly reason: 'admin' | 'exclusive_race' | 'dispute' }): Promise<void> {
    const valid = parseRefund(refund);
    // The order's row lock orders concurrent refunds of one order.
    const [order] = await em.execute<OrderRow[]>(`select gross_cents, refunded_cents from earnings_orders where order_id = ? for update`, [valid.orderId]);
    if (!order) throw notFound('There are no earnings for that order.');
    // Under the order's lock, a refund id seen before is a repeat: nothing more happens.
    const [seen] = await em.execute<{ refund_id: string }[]>(`select refund_id from earnings_refunds where refund_id = ?`, [valid.refundId]);
    if (seen) return;
    const total = order.refunded_cents + valid.refundedCents;
    if (total > order.gross_cents) throw badInput(`The refund of ${valid.refundedCents} cents is more than the ${order.gross_cents - order.refunded_cents} cents left of the order.`);
    // The primary key still guards a refund id reused for another order at the same moment.
    await em.execute(
      `insert into earnings_refunds (refund_id, order_id, refunded_cents, reason, created_at) values (?, ?, ?, ?, now())`,
      [valid.refundId, valid.orderId, valid.refundedCents, valid.reason],
    );

    const parts = await em.execute<{ producer_id: string; part: number; reversed: number }[]>(
      `select s.producer_id, s.amount_cents as part,
              coalesce((select -sum(r.amount_cents) from earnings_ledger r where r.order_id = s.order_id and r.producer_id = s.producer_id and r.kind = 'refund_producer'), 0)::int as reversed
         from earnings_ledger s where s.order_id = ? and s.kind = 'sale_producer' order by s.producer_id`,
      [valid.orderId],
    );
    const takes = parts
      .map((p) => ({ producerId: p.producer_id, cents: reversedOfPart(p.part, total, order.gross_cents) - p.reversed }))
      .filter((t) => t.cents > 0);
    const producersTake = takes.reduce((a, t) => a + t.cents, 0);
    const rows: unknown[][] = [
      ...takes.map((t) => [`${valid.orderId}:refund:${valid.refundId}:producer:${t.producerId}`, valid.orderId, t.producerId, 'refund_producer', -t.cents, valid.refundId]),
      [`${valid.orderId}:refund:${valid.refundId}:platform`, valid.orderId, null, 'refund_platform', -(valid.refundedCents - producersTake), valid.refundId],
    ];
    await em.execute(
      `insert into earnings_ledger (id, entry_key, order_id, producer_id, kind, amount_cents, refund_id, created_at)
       values ${rows.map(() => '(gen_random_uuid(), ?, ?, ?, ?, ?, ?, now())').join(', ')}`,
      rows.flat(),
    );
    await em.execute(`update earnings_orders set refunded_cents = ? where order_id = ?`, [total, valid.orderId]);
    let reversals = 0;
    for (const take of takes) reversals += await this.takeFromTransfer(em, valid.orderId, take.producerId, take.cents, valid.refundId);
    if (reversals) afterCommit(em, () => void this.deps.runner.enqueueReversalsOf(valid.orderId));
  }

  /** One producer's share of a refund: off the unpaid transfer, or a reversal of the paid one. Answers 1 for a reversal. */
  private async takeFromTransfer(em: EntityManager, orderId: string, producerId: string, cents: number, refundId: string): Promise<number> {
    const [transfer] = await em.execute<{ id: string; state: string; attempts: number; amount_cents: number }[]>(
      `select id, state, attempts, amount_cents from earnings_transfers where order_id = ? and producer_id = ? for update`,
      [orderId, producerId],
    );
    if (!transfer) return 0;
    const neverSent = transfer.attempts === 0 && (transfer.state === 'held' || transfer.state === 'pending');
    if (neverSent || transfer.state === 'failed' || transfer.state === 'cancelled') {
      // Held (unpaid) earnings are just cancelled: nothing reached the producer.
      await em.execute(
        `update earnings_transfers set amount_cents = amount_cents - ?, state = case when amount_cents - ? = 0 then 'cancelled' else state end, updated_at = now() where id = ?`,
        [cents, cents, transfer.id],
      );
      return 0;
    }
    await em.execute(
      `insert into earnings_reversals (id, transfer_id, refund_id, amount_cents, state, attempts, next_attempt_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'pending', 0, now(), now(), now()) on conflict do nothing`,
      [transfer.id, refundId, cents],
    );
    return 1;
  }
}
