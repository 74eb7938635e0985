import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger';
import type { EarningsPort } from '../earnings.types';

export interface ProviderRefund {
  readonly orderId: string;
  /** The provider's refund id (re_...) or dispute id (du_...): the same refund recorded by any path is taken once. */
  readonly refundId: string;
  readonly refundedCents: number;
  readonly reason: 'admin' | 'exclusive_race' | 'dispute';
}

/**
 * What a refund reported by the provider does inside its transaction. By default the earnings are
 * reversed (recordRefund); the licences module registers its own (mark the licence refunded, then
 * call recordRefund with the same em) so that a refund made at the dashboard or a lost dispute
 * refunds the licence too.
 */
export type ProviderRefundHandler = (em: EntityManager, refund: ProviderRefund) => Promise<void>;

export type ProviderEventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Refunds and lost disputes that Stripe reports (charge.refunded, charge.dispute.closed): each event
 * applies once (its id is claimed in earnings_events in the transaction of its effects), an order
 * that is not a licence order of ours is ignored, and an amount beyond what is left of the order is
 * capped (the provider's word is final; the request never loops on retries).
 */
export class ProviderRefunds {
  private handler: ProviderRefundHandler;

  constructor(private readonly deps: { orm: MikroORM; earnings: EarningsPort; logger: Logger }) {
    this.handler = (em, refund) => deps.earnings.recordRefund(em, refund);
  }

  /** The licences module's handler replaces the default (see ProviderRefundHandler). */
  handleWith(handler: ProviderRefundHandler): void {
    this.handler = handler;
  }

  async apply(event: { id: string; type: string }, refunds: readonly ProviderRefund[]): Promise<ProviderEventOutcome> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ id: string }[]>(`insert into earnings_events (id, type, processed_at) values (?, ?, now()) on conflict do nothing returning id`, [event.id, event.type]);
      if (!claimed.length) return 'duplicate';
      let applied = 0;
      for (const refund of refunds) {
        const [order] = await em.execute<{ left: number }[]>(
          `select gross_cents - refunded_cents as left from earnings_orders where order_id = ? for update`,
          [refund.orderId],
        );
        if (!order) {
          this.deps.logger.warn({ event: event.id, order: refund.orderId }, 'refund of no licence order of ours ignored');
          continue;
        }
        const [seen] = await em.execute<{ refund_id: string }[]>(`select refund_id from earnings_refunds where refund_id = ?`, [refund.refundId]);
        if (seen) continue;
        const cents = Math.min(refund.refundedCents, order.left);
        if (cents <= 0) continue;
        await this.handler(em, { ...refund, refundedCents: cents });
        applied++;
      }
      return applied ? 'processed' : 'ignored';
    });
  }

  /**
   * transfer.reversed / transfer.updated: once per event id. Our reversals are recorded when we make
   * them; a reversal made elsewhere (at the dashboard) shows as Stripe's total above ours and is
   * logged for the admins (money is never re-derived from an event's copy of a transfer).
   */
  async transferEvent(event: { id: string; type: string }, transfer: { id: string; amountReversed: number }): Promise<ProviderEventOutcome> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ id: string }[]>(`insert into earnings_events (id, type, processed_at) values (?, ?, now()) on conflict do nothing returning id`, [event.id, event.type]);
      if (!claimed.length) return 'duplicate';
      const [ours] = await em.execute<{ reversed_cents: number }[]>(`select reversed_cents from earnings_transfers where stripe_transfer_id = ?`, [transfer.id]);
      if (!ours) return 'ignored';
      if (transfer.amountReversed > ours.reversed_cents) {
        this.deps.logger.warn({ event: event.id, transfer: transfer.id, stripe: transfer.amountReversed, ours: ours.reversed_cents }, 'transfer reversed outside the refund flow');
      }
      return 'processed';
    });
  }
}
