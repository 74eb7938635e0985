import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { AdminOrderRow, OrdersSource } from '../admin';
import type { BeatsService } from '../beats';
import type { PaymentsPort } from '../billing';
import type { EarningsPort } from '../earnings';
import type { ProviderRefund } from '../earnings';
import type { LicensedProducer } from '../licence-files';
import type { MailOutbox } from './licence-ports';
import { TIER_TITLES } from './lease-tiers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OrderRecord {
  id: string;
  /** Timestamps as the driver answers raw queries (a Date or an ISO string). */
  created_at: Date | string;
  paid_at: Date | string | null;
  buyer_id: string;
  buyer_email: string;
  buyer_first_name: string;
  beat_id: string;
  tier: keyof typeof TIER_TITLES;
  price_cents: number;
  status: string;
  payment_id: string | null;
  refund_id: string | null;
  producers: LicensedProducer[];
}

const ORDER_SELECT = `select o.* from licence_orders o`;

/** An order as the admin's list shows it, with its beat's title (from the beats service; empty once the beat is gone). */
function row(order: OrderRecord, titles: ReadonlyMap<string, string>): AdminOrderRow {
  const refunded = order.status === 'refunded';
  return {
    orderId: order.id,
    createdAt: new Date(order.paid_at ?? order.created_at),
    producers: [...order.producers].sort((a, b) => b.shareBasisPoints - a.shareBasisPoints).map((p) => p.producerName),
    customerEmail: order.buyer_email,
    beatTitle: titles.get(order.beat_id) ?? '',
    tier: order.tier,
    priceCents: order.price_cents,
    refundedCents: refunded ? order.price_cents : 0,
    status: refunded ? 'refunded' : 'paid',
  };
}

export interface LicenceRefundsDeps {
  readonly orm: MikroORM;
  readonly payments: PaymentsPort;
  readonly earnings: EarningsPort;
  /** Beats' titles: the beats' table is the beats module's. */
  readonly beats: Pick<BeatsService, 'titles'>;
  readonly mail: MailOutbox | null;
  readonly logger: Logger;
}

/**
 * Refunds of licences that were sold (an admin's, or one Stripe reports: a dashboard refund or a
 * lost dispute) and the admin dashboard's view of licence orders. A refund marks the order and its
 * licence refunded (the verification page says so; an exclusive's beat can be sold again) and
 * reverses the producers' earnings in the same transaction.
 */
export class LicenceRefunds implements OrdersSource {
  constructor(private readonly deps: LicenceRefundsDeps) {}

  async page(offset: number, limit: number): Promise<{ rows: AdminOrderRow[]; total: number }> {
    const connection = this.deps.orm.em.fork().getConnection();
    const [orders, [{ total }]] = await Promise.all([
      connection.execute<OrderRecord[]>(`${ORDER_SELECT} where o.status in ('paid', 'refunded') and o.paid_at is not null
        order by o.paid_at desc, o.id desc limit ? offset ?`, [limit, offset]),
      connection.execute<{ total: string }[]>(`select count(*) as total from licence_orders where status in ('paid', 'refunded') and paid_at is not null`),
    ]);
    const titles = await this.deps.beats.titles(orders.map((o) => o.beat_id));
    return { rows: orders.map((o) => row(o, titles)), total: Number(total) };
  }

  /** Money kept from licence sales: paid orders (refunded ones gave theirs back; refused ones never counted). */
  async revenueCents(): Promise<number> {
    const [{ cents }] = await this.deps.orm.em.fork().getConnection().execute<{ cents: string | null }[]>(
      `select coalesce(sum(price_cents), 0) as cents from licence_orders where status = 'paid'`,
    );
    return Number(cents);
  }

  /**
   * An admin's full refund of a paid order, once: the order is claimed (paid -> refund_pending) so a
   * second click answers a conflict, the payment is refunded through the port with a key from the
   * order (a retry after a failure is the same refund), then order, licence and earnings change together.
   */
  async refund(orderId: string, adminId: string, reason: string): Promise<AdminOrderRow> {
    if (!UUID.test(orderId)) throw notFound('No such licence order.');
    const em = this.deps.orm.em.fork();
    const [claimed] = await em.getConnection().execute<OrderRecord[]>(
      `update licence_orders set status = 'refund_pending', refund_reason = ? where id = ? and status = 'paid' returning *`,
      [`Refunded by an admin (${adminId}): ${reason}`.slice(0, 500), orderId],
    );
    if (!claimed) {
      const [exists] = await em.getConnection().execute<{ status: string }[]>(`select status from licence_orders where id = ?`, [orderId]);
      if (!exists) throw notFound('No such licence order.');
      throw conflict(exists.status === 'refunded' || exists.status === 'refund_pending' ? 'This order has already been refunded.' : 'Only a paid order can be refunded.');
    }
    let refundId: string;
    try {
      ({ refundId } = await this.deps.payments.refundPayment(claimed.payment_id ?? `order_${claimed.id}`, `admin-${claimed.id}`));
    } catch (error) {
      await em.getConnection().execute(`update licence_orders set status = 'paid' where id = ? and status = 'refund_pending'`, [orderId]);
      throw error;
    }
    await this.deps.orm.em.fork().transactional((tx) => this.markRefunded(tx, { orderId, refundId, refundedCents: claimed.price_cents, reason: 'admin' }));
    this.deps.logger.info({ order: orderId, admin: adminId, refundId }, 'licence order refunded by an admin');
    await this.tellBuyer(claimed);
    const [after] = await em.getConnection().execute<OrderRecord[]>(`${ORDER_SELECT} where o.id = ?`, [orderId]);
    return row(after, await this.deps.beats.titles([after.beat_id]));
  }

  /**
   * A refund inside its transaction (an admin's, or Stripe's charge.refunded / lost dispute through
   * the earnings module's ProviderRefunds): order and licence refunded, earnings reversed.
   */
  readonly markRefunded = async (em: EntityManager, refund: ProviderRefund): Promise<void> => {
    await em.execute(`update licence_orders set status = 'refunded', refund_id = coalesce(refund_id, ?) where id = ? and status in ('paid', 'refund_pending')`, [refund.refundId, refund.orderId]);
    await em.execute(`update licences set status = 'refunded' where order_id = ?`, [refund.orderId]);
    await this.deps.earnings.recordRefund(em, refund);
  };

  private async tellBuyer(order: OrderRecord): Promise<void> {
    await this.deps.mail?.enqueue(
      {
        to: order.buyer_email,
        subject: 'Your licence was refunded',
        text: `Hello ${order.buyer_first_name},\n\nYour ${TIER_TITLES[order.tier]} licence payment of $${(order.price_cents / 100).toFixed(2)} was refunded. The licence is no longer valid.\n`,
      },
      `licence-admin-refund:${order.id}`,
    );
  }
}
