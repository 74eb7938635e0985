import { FakeBackend } from '../../../test/fake-backend';

interface Reply {
  readonly status: number;
  readonly body: unknown;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The FakeBackend plus the admin REST paths over an in-memory business: 45 users (20 a page), 25
 * producers, 3 orders, 2 subscription payments. `failures` makes a path answer an error instead.
 */
export class AdminBackend extends FakeBackend {
  users = Array.from({ length: 45 }, (_, i) => ({
    user_id: `u-${i}`,
    username: `user${i}`,
    email: `user${i}@example.com`,
    created_at: new Date(Date.UTC(2026, 0, 1 + (i % 28), 12)).toISOString(),
    subscription_type: i % 3 === 0 ? 'Premium' : 'Free',
    tokens_remaining: 25 + i,
  }));
  producers = Array.from({ length: 25 }, (_, i) => ({ user_id: `p-${i}`, username: `maker${i}`, producer_name: `Producer ${i}`, files_uploaded: i }));
  orders = [
    { order_id: 'o-1', producers: ['Nova', 'Kilo Beats'], customer_email: 'fan@example.com', price: 49.99, status: 'paid' as 'paid' | 'refunded', tier: 'excindie', created_at: '2026-11-26T10:00:00.000Z' },
    { order_id: 'o-2', producers: ['Nova'], customer_email: 'dj@example.com', price: 20, status: 'paid' as 'paid' | 'refunded', tier: 'standard', created_at: '2026-11-20T10:00:00.000Z' },
  ];
  payments = [{ payment_id: 'pay-1', username: 'user0', email: 'user0@example.com', subscription_type: 'Premium', amount: 20, paid_at: '2026-11-20T10:00:00.000Z', refunded_at: null as string | null, refundable: true }];
  audit: Record<string, unknown>[] = [];
  /** GET /admin/charts: per day "2026-11-27", the figures that day has (others are 0). */
  chartDays = new Map<string, { subscription?: number; licence?: number; refunds?: number; beats?: number; accounts?: number }>();
  /** Path (without query) -> the error it answers. */
  failures = new Map<string, Reply>();
  /** Answers of the POST paths, when they should fail. */
  postFailures = new Map<string, Reply>();

  protected override routeMore(method: string, path: string, _headers: Headers, body: unknown): Response | null {
    if (!path.startsWith('/admin/')) return null;
    return this.admin(method, new URL(path, 'http://x'), body as Record<string, unknown> | undefined);
  }

  /** The admin requests to one path (query ignored), in order. */
  adminRequests(pathname: string) {
    return this.requests.filter((r) => r.path.split('?')[0] === pathname);
  }

  private page<T>(name: string, rows: readonly T[], url: URL) {
    const page = Number(url.searchParams.get('page') ?? '1');
    return json(200, { [name]: rows.slice((page - 1) * 20, page * 20), pages: Math.max(1, Math.ceil(rows.length / 20)), current_page: page, total: rows.length });
  }

  /** As the api answers GET /admin/charts (a range of at most 1,096 days, to not before from). */
  private charts(url: URL): Response {
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    if (to < from) return json(400, { error: 'to must not be before from.' });
    const days: string[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    const point = (period: string, list: string[]) => {
      const sum = (k: 'subscription' | 'licence' | 'refunds') => list.reduce((a, d) => a + (this.chartDays.get(d)?.[k] ?? 0), 0);
      return { period, subscription_gross_cents: sum('subscription'), subscription_refund_cents: 0, subscription_net_cents: sum('subscription'), licence_gross_cents: sum('licence') + sum('refunds'), licence_refund_cents: sum('refunds'), licence_net_cents: sum('licence'), licence_orders: 0 };
    };
    const months = [...new Set(days.map((d) => d.slice(0, 7)))];
    return json(200, {
      from, to,
      days: days.map((d) => point(d, [d])),
      months: months.map((m) => point(m, days.filter((d) => d.startsWith(m)))),
      activity: days.map((d) => ({ day: d, beats: this.chartDays.get(d)?.beats ?? 0, accounts: this.chartDays.get(d)?.accounts ?? 0 })),
      plan_mix: [{ level: 1, plan: 'Free', payments: 0, net_cents: 0 }, { level: 3, plan: 'Premium', payments: days.length, net_cents: days.length * 1999 }],
      payouts: [{ state: 'pending', transfers: 1, cents: 1297 }, { state: 'held', transfers: 0, cents: 0 }, { state: 'sent', transfers: 4, cents: 5188 }, { state: 'failed', transfers: 0, cents: 0 }],
    });
  }

  private admin(method: string, url: URL, body: Record<string, unknown> | undefined): Response {
    const failure = (method === 'GET' ? this.failures : this.postFailures).get(url.pathname);
    if (failure) return json(failure.status, failure.body);
    const search = url.searchParams.get('search')?.toLowerCase();
    switch (`${method} ${url.pathname}`) {
      case 'GET /admin/charts':
        return this.charts(url);
      case 'GET /admin/users':
        return this.page('users', this.users.filter((u) => !search || u.email.includes(search) || u.username.includes(search)).map(({ user_id, username, email, created_at }) => ({ user_id, username, email, created_at })), url);
      case 'GET /admin/user-subscriptions':
        return this.page('subscriptions', this.users.map(({ user_id, username, email, subscription_type, tokens_remaining }) => ({ user_id, username, email, subscription_type, tokens_remaining })), url);
      case 'GET /admin/producers':
        return this.page('producers', this.producers, url);
      case 'GET /admin/beat-orders':
        return this.page('beat_orders', this.orders, url);
      case 'GET /admin/subscription-payments':
        return this.page('subscription_payments', this.payments, url);
      case 'GET /admin/audit-log':
        return this.page('entries', this.audit, url);
      case 'GET /admin/total-users':
        return json(200, { total_users: this.users.length });
      case 'GET /admin/total-subscriptions':
        return json(200, { total_subscriptions: 15 });
      case 'GET /admin/total-producers':
        return json(200, { total_producers: this.producers.length });
      case 'GET /admin/total-beat-orders':
        return json(200, { total_revenue: this.orders.filter((o) => o.status === 'paid').reduce((sum, o) => sum + o.price * 100, 0) / 100 });
      case 'GET /admin/subscription-stats':
        return json(200, { counts: { Free: 30, Premium: 15 }, revenue: { Free: 0, Premium: 1234.5 } });
      case 'POST /admin/update-tokens': {
        const user = this.users.find((u) => u.user_id === body!.user_id)!;
        user.tokens_remaining = body!.tokens_remaining as number;
        this.audit.unshift({ id: `a-${this.audit.length}`, admin_email: 'admin@ysm.local', action: 'update_tokens', target_type: 'user', target_id: user.user_id, reason: 'Set by an admin on the dashboard', before: { tokensRemaining: body!.tokens_seen }, after: { tokensRemaining: user.tokens_remaining }, created_at: '2026-11-25T12:00:00.000Z' });
        return json(200, user);
      }
      case 'POST /admin/refund-order': {
        const order = this.orders.find((o) => o.order_id === body!.order_id)!;
        order.status = 'refunded';
        return json(200, order);
      }
      case 'POST /admin/refund-subscription-payment': {
        const payment = this.payments.find((p) => p.payment_id === body!.payment_id)!;
        Object.assign(payment, { refunded_at: '2026-11-25T12:00:00.000Z', refundable: false });
        return json(200, payment);
      }
      default:
        return json(404, { error: 'Not found.' });
    }
  }
}
