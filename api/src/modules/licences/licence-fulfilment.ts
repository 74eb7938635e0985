import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { PaymentsPort } from '../billing';
import { TIER_TITLES, isExclusiveTier } from './lease-tiers';
import type { LicenceTier } from '../licence-files';
import { LICENCE_TEXTS } from './licence-messages';
import type { ApplyOnce, MailOutbox } from './licence-ports';
import type { EarningsPort } from '../earnings';
import type { LicensedProducer } from '../licence-files';

export type FulfilOutcome = 'issued' | 'refused' | 'unchanged' | 'unknown';

interface OrderRow {
  id: string;
  buyer_id: string;
  beat_id: string;
  tier: LicenceTier;
  status: string;
  price_cents: number;
  currency: string;
  buyer_email: string;
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_country: string;
  producers: unknown;
  terms: unknown;
}

export interface LicenceFulfilmentDeps {
  readonly orm: MikroORM;
  readonly payments: PaymentsPort;
  /** Billing's payment event log: an event id and its effects commit together, once. */
  readonly applyOnce: ApplyOnce;
  /** The licence files job queue (carries licence ids). */
  readonly filesQueue: JobQueue;
  readonly mail: MailOutbox | null;
  /** Producers' earnings: the sale's ledger rows are written in the fulfilment's transaction. */
  readonly earnings: EarningsPort;
  readonly logger: Logger;
}

/** The charge and processing fee of a payment (null for the local checkout: the stand-in fee applies). */
type PaidCharge = { chargeId: string; feeCents: number } | null;

/**
 * Turns a paid licence checkout into a licence, exactly once per order, from whichever path comes
 * first (Stripe's webhook, the success page, the local Pay), in any order and concurrently. Inside
 * one transaction: the order row is locked and must still be open; the beat's sales are serialised
 * by an advisory lock; an exclusive is inserted under the partial unique index (at most one per
 * beat) and supersedes the beat's leases. A payment that can no longer be honoured (the beat was
 * sold exclusively first) is refunded through the payment port after commit, and the buyer told.
 */
export class LicenceFulfilment {
  constructor(private readonly deps: LicenceFulfilmentDeps) {}

  /** Fulfils the order of a checkout session; with a provider event, recorded with its effects. */
  async fulfil(sessionId: string, paymentId: string | null, event?: { id: string; type: string }): Promise<FulfilOutcome | 'duplicate'> {
    // The provider's fee is read before the transaction (a network call never holds row locks), and
    // only while the order can still be fulfilled: a replayed event costs no call to the provider.
    const [open] = await this.deps.orm.em.fork().getConnection().execute<{ id: string }[]>(
      `select id from licence_orders where checkout_session_id = ? and status in ('open', 'expired')`, [sessionId]);
    const charge: PaidCharge = paymentId && open ? await this.deps.payments.paymentCharge(paymentId) : null;
    const run = (em: EntityManager) => this.fulfilInTransaction(em, sessionId, paymentId, charge);
    let outcome: { value: FulfilOutcome; orderId: string | null; licenceId: string | null } | 'duplicate';
    if (event) {
      const result = await this.deps.applyOnce(event.id, event.type, run);
      outcome = result.applied ? result.value : 'duplicate';
    } else {
      outcome = await this.deps.orm.em.fork().transactional(run);
    }
    // Whatever this call applied, anything left to do after a commit is done now (also on a
    // replayed event, so a refund or a job that failed once is retried by the redelivery).
    await this.afterCommit(sessionId);
    return outcome === 'duplicate' ? 'duplicate' : outcome.value;
  }

  /** Whether a checkout session is one of our licence orders'. */
  async isOurs(sessionId: string): Promise<boolean> {
    const rows = await this.deps.orm.em.fork().getConnection().execute(`select 1 from licence_orders where checkout_session_id = ?`, [sessionId]);
    return rows.length > 0;
  }

  /** A checkout that expired unpaid: its order can no longer be paid. */
  async expire(sessionId: string, event: { id: string; type: string }): Promise<'processed' | 'duplicate'> {
    const result = await this.deps.applyOnce(event.id, event.type, (em) =>
      em.execute(`update licence_orders set status = 'expired' where checkout_session_id = ? and status = 'open'`, [sessionId]),
    );
    return result.applied ? 'processed' : 'duplicate';
  }

  private async fulfilInTransaction(em: EntityManager, sessionId: string, paymentId: string | null, charge: PaidCharge) {
    const [order] = await em.execute<OrderRow[]>(`select * from licence_orders where checkout_session_id = ? for update`, [sessionId]);
    if (!order) {
      this.deps.logger.warn({ sessionId }, 'licence checkout of no order of ours ignored');
      return { value: 'unknown' as const, orderId: null, licenceId: null };
    }
    if (order.status !== 'open' && order.status !== 'expired') return { value: 'unchanged' as const, orderId: order.id, licenceId: null };
    // One sale of a beat at a time (an exclusive and a lease, or two exclusives, never interleave).
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 17))`, [`licence-beat:${order.beat_id}`]);
    const [sold] = await em.execute<{ id: string }[]>(`select id from licences where beat_id = ? and exclusive and status <> 'refunded' limit 1`, [order.beat_id]);
    if (sold) {
      await em.execute(
        `update licence_orders set status = 'refund_pending', payment_id = ?, paid_at = now(), refund_reason = ? where id = ?`,
        [paymentId, LICENCE_TEXTS.refundedExclusive, order.id],
      );
      await this.notice(em, order, 'payment_refunded', LICENCE_TEXTS.refundedExclusive, null);
      return { value: 'refused' as const, orderId: order.id, licenceId: null };
    }
    const exclusive = isExclusiveTier(order.tier);
    const [licence] = await em.execute<{ id: string }[]>(
      `insert into licences (id, order_id, buyer_id, beat_id, tier, exclusive, price_cents, currency, status, buyer_first_name, buyer_last_name,
                             buyer_country, terms, producers, issued_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, 'valid', ?, ?, ?, ?, ?, now()) returning id`,
      [order.id, order.buyer_id, order.beat_id, order.tier, exclusive, order.price_cents, order.currency, order.buyer_first_name, order.buyer_last_name,
        order.buyer_country, JSON.stringify(order.terms), JSON.stringify(order.producers)],
    );
    if (exclusive) {
      await em.execute(
        `update licences set status = 'superseded', superseded_at = now() where beat_id = ? and not exclusive and status = 'valid'`,
        [order.beat_id],
      );
    }
    await em.execute(`update licence_orders set status = 'paid', payment_id = ?, paid_at = now() where id = ?`, [paymentId, order.id]);
    // 90% of the net to the producers by share, in this transaction: a licence exists exactly when its earnings do.
    await this.deps.earnings.recordSale(em, {
      orderId: order.id,
      beatId: order.beat_id,
      grossCents: order.price_cents,
      feeCents: charge?.feeCents ?? null,
      chargeId: charge?.chargeId ?? null,
      producers: (order.producers as LicensedProducer[]).map((p) => ({ producerId: p.producerId, shareBasisPoints: p.shareBasisPoints })),
      tier: order.tier,
    });
    await this.notice(em, order, 'licence_issued', `Your ${TIER_TITLES[order.tier]} licence is ready in My Licences.`, licence.id);
    return { value: 'issued' as const, orderId: order.id, licenceId: licence.id };
  }

  private async notice(em: EntityManager, order: OrderRow, kind: string, message: string, licenceId: string | null): Promise<void> {
    await em.execute(
      `insert into licence_notices (id, user_id, kind, message, order_id, licence_id, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, now())
       on conflict (order_id, kind) do nothing`,
      [order.buyer_id, kind, message, order.id, licenceId],
    );
  }

  /** After commit: refunds that are due, and the licence's files job. Each step is idempotent. */
  private async afterCommit(sessionId: string): Promise<void> {
    const connection = this.deps.orm.em.fork().getConnection();
    const [order] = await connection.execute<(OrderRow & { payment_id: string | null })[]>(
      `select * from licence_orders where checkout_session_id = ?`,
      [sessionId],
    );
    if (!order) return;
    if (order.status === 'refund_pending') await this.refund(order);
    if (order.status === 'paid') {
      const [licence] = await connection.execute<{ id: string; files: unknown }[]>(`select id, files from licences where order_id = ?`, [order.id]);
      if (licence && !licence.files) await this.deps.filesQueue.enqueue(licence.id);
    }
  }

  /** Refunds a refused payment through the payment port (keyed by the order) and tells the buyer by mail. */
  private async refund(order: OrderRow & { payment_id: string | null }): Promise<void> {
    const { refundId } = await this.deps.payments.refundPayment(order.payment_id ?? `order_${order.id}`, order.id);
    await this.deps.orm.em.fork().getConnection().execute(
      `update licence_orders set status = 'refunded', refund_id = ? where id = ? and status = 'refund_pending'`,
      [refundId, order.id],
    );
    this.deps.logger.info({ order: order.id, refundId }, 'licence payment refunded: the beat was sold exclusively first');
    await this.deps.mail?.enqueue(
      {
        to: order.buyer_email,
        subject: 'Your licence payment was refunded',
        text: `Hello ${order.buyer_first_name},\n\n${LICENCE_TEXTS.refundedExclusive}\n\nAmount refunded: $${(order.price_cents / 100).toFixed(2)} (${TIER_TITLES[order.tier]}).\n`,
      },
      `licence-refund:${order.id}`,
    );
  }

  /** Orders left refund_pending and licences left without files (a crash after commit): done again. */
  async resume(): Promise<void> {
    const connection = this.deps.orm.em.fork().getConnection();
    const pending = await connection.execute<{ checkout_session_id: string }[]>(
      `select o.checkout_session_id from licence_orders o left join licences l on l.order_id = o.id
        where o.status = 'refund_pending' or (o.status = 'paid' and l.files is null and l.status <> 'refunded')`,
    );
    for (const row of pending) {
      await this.afterCommit(row.checkout_session_id).catch((err) => this.deps.logger.warn({ err, sessionId: row.checkout_session_id }, 'licence follow-up failed; retried at the next start'));
    }
  }
}
