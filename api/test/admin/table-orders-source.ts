import { conflict, notFound } from '../../src/platform/errors';
import type { AdminOrderRow, OrdersSource } from '../../src/modules/admin/orders-source.types';

type Sql = <T>(query: string, params?: unknown[]) => Promise<T[]>;

interface OrderDbRow {
  id: string;
  created_at: Date;
  producers: string[];
  customer_email: string;
  beat_title: string;
  tier: string;
  price_cents: number;
  refunded_cents: number;
  status: 'paid' | 'refunded';
}

const present = (r: OrderDbRow): AdminOrderRow => ({
  orderId: r.id,
  createdAt: new Date(r.created_at),
  producers: r.producers,
  customerEmail: r.customer_email,
  beatTitle: r.beat_title,
  tier: r.tier,
  priceCents: r.price_cents,
  refundedCents: r.refunded_cents,
  status: r.status,
});

/**
 * Test code only: an OrdersSource over a table of the test database shaped like the licences'
 * orders, standing in for the licences module (built on another branch) as the admin sees it.
 */
export class TableOrdersSource implements OrdersSource {
  private sql?: Sql;
  readonly refunds: { orderId: string; adminId: string; reason: string }[] = [];

  async attach(sql: Sql): Promise<void> {
    this.sql = sql;
    await sql(`create table if not exists test_licence_orders (
      id uuid primary key default gen_random_uuid(), created_at timestamptz not null default now(), producers text[] not null,
      customer_email text not null, beat_title text not null, tier text not null, price_cents int not null,
      refunded_cents int not null default 0, status text not null default 'paid')`);
    await sql('create index if not exists test_licence_orders_created on test_licence_orders (created_at desc, id desc)');
  }

  async add(order: { producers: string[]; customerEmail: string; priceCents: number; createdAt?: Date }): Promise<string> {
    const [row] = await this.sql!<{ id: string }>(
      `insert into test_licence_orders (producers, customer_email, beat_title, tier, price_cents, created_at) values (?, ?, 'A beat', 'standard', ?, ?) returning id`,
      [`{${order.producers.map((p) => `"${p}"`).join(',')}}`, order.customerEmail, order.priceCents, order.createdAt ?? new Date()],
    );
    return row.id;
  }

  async page(offset: number, limit: number) {
    const rows = await this.sql!<OrderDbRow>(`select * from test_licence_orders order by created_at desc, id desc limit ? offset ?`, [limit, offset]);
    const [{ total }] = await this.sql!<{ total: string }>('select count(*) as total from test_licence_orders');
    return { rows: rows.map(present), total: Number(total) };
  }

  async revenueCents() {
    const [{ cents }] = await this.sql!<{ cents: string | null }>('select sum(price_cents - refunded_cents) as cents from test_licence_orders');
    return Number(cents ?? 0);
  }

  async refund(orderId: string, adminId: string, reason: string) {
    const [row] = await this.sql!<OrderDbRow>(
      `update test_licence_orders set status = 'refunded', refunded_cents = price_cents where id::text = ? and status = 'paid' returning *`,
      [orderId],
    );
    if (!row) {
      const [exists] = await this.sql!<{ id: string }>('select id from test_licence_orders where id::text = ?', [orderId]);
      throw exists ? conflict('This order was already refunded.') : notFound('No such order.');
    }
    this.refunds.push({ orderId, adminId, reason });
    return present(row);
  }
}
