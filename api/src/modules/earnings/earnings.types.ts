/**
 * The contract between the licences module (which fulfils orders and refunds them) and the earnings
 * module (which turns a paid order into producers' money and reverses it on a refund). The licences
 * module calls these inside its own transactions; the earnings module owns its ledger tables.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

/** A fulfilled licence order, as the earnings module needs it. */
export interface PaidOrder {
  /** Our order id: the transfer group, and the base of every idempotency key. */
  readonly orderId: string;
  readonly beatId: string;
  /** What the buyer paid, in cents. */
  readonly grossCents: number;
  /**
   * The processing fee in cents: Stripe's balance transaction fee when paid through Stripe; null with
   * the local checkout, where the documented stand-in (2.9% + 30 cents) is applied.
   */
  readonly feeCents: number | null;
  /** The Stripe charge id (source_transaction of the transfers); null with the local checkout. */
  readonly chargeId: string | null;
  /** The licence tier (standard, advanced, excindie, exclabel (price_id of requirements (listener core))): shown in the producer's earnings. Optional. */
  readonly tier?: string | null;
  /** The beat's title when the caller has it (otherwise the producer's view shows the beat id's title from the beats module). Optional. */
  readonly beatTitle?: string | null;
  /**
   * The beat's producers and their shares in basis points (summing to 10,000), as the beat's
   * producerShares names them (the contributor's user id; a producer record's id works too).
   */
  readonly producers: readonly { readonly producerId: string; readonly shareBasisPoints: number }[];
}

export interface EarningsPort {
  /**
   * Writes the order's earnings ledger rows (fee, net, each producer's part of the 90% pool, the
   * platform's remainder) in the caller's transaction. Idempotent per order id. Transfers to
   * producers happen after commit, from a queue job.
   */
  recordSale(em: EntityManager, order: PaidOrder): Promise<void>;
  /**
   * Reverses an order's earnings in proportion to the refunded amount (the whole order when
   * refundedCents equals its gross): negative ledger rows in the caller's transaction, transfer
   * reversals after commit. Idempotent per refund id; never takes more than a producer received.
   */
  recordRefund(em: EntityManager, refund: { readonly orderId: string; readonly refundId: string; readonly refundedCents: number; readonly reason: 'admin' | 'exclusive_race' | 'dispute' }): Promise<void>;
}
