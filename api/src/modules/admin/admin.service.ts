import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../platform/errors';
import type { AccountsService, AdminUserRow } from '../accounts';
import type { User } from '../accounts';
import type { BillingAdminService, PlanAccountRow, PlanStat, SubscriptionPaymentRow } from '../billing';
import type { CreditsService } from '../billing';
import type { CatalogService } from '../catalog';
import type { ProducersService } from '../producers';
import { AdminAuditEntry, type AdminAction } from './audit-entry.entity';
import type { AdminOrderRow, OrdersSource } from './orders-source.types';
import { pageOf, pageRequest, type PageOf } from './pagination';
import { AdminChartsService, parseRange, type AdminCharts } from './charts/admin-charts.service';

export interface AdminProducerRow {
  readonly userId: string;
  readonly username: string;
  readonly producerName: string;
  readonly filesUploaded: number;
}

export interface AdminTotals {
  readonly totalUsers: number;
  readonly totalSubscriptions: number;
  readonly totalProducers: number;
  /** Licence sales less refunds (requirements (producers and admin)'s total_revenue of beat orders). */
  readonly beatOrdersRevenueCents: number;
  readonly subscriptionRevenueCents: number;
}

export interface AuditEntryView {
  readonly id: string;
  readonly adminId: string | null;
  readonly adminEmail: string;
  readonly action: AdminAction;
  readonly targetType: string;
  readonly targetId: string;
  readonly reason: string;
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
  readonly createdAt: Date;
}

export interface UpdateTokensRequest {
  readonly userId: string;
  readonly tokensRemaining: number;
  /** The balance the admin saw; when given, a balance that changed since answers CONFLICT. */
  readonly tokensSeen?: number;
  readonly reason?: string;
}

interface AdminDeps {
  readonly orm: MikroORM;
  readonly accounts: AccountsService;
  readonly billingAdmin: BillingAdminService;
  /** Generation credits (billing's): admins set balances through it. */
  readonly credits: CreditsService;
  readonly producers: ProducersService;
  readonly catalog: CatalogService;
  /** Licence orders, from the licences module (admin never reads its tables). */
  readonly orders: OrdersSource;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SEARCH = 100;
const MAX_REASON = 500;

function cleanReason(reason: unknown, fallback?: string): string {
  if (reason === undefined || reason === null || (typeof reason === 'string' && !reason.trim() && fallback)) {
    if (fallback) return fallback;
    throw badInput('Give a reason.', { field: 'reason' });
  }
  if (typeof reason !== 'string' || !reason.trim()) throw badInput('Give a reason.', { field: 'reason' });
  if (reason.length > MAX_REASON) throw badInput(`The reason must be at most ${MAX_REASON} characters.`, { field: 'reason' });
  return reason.trim();
}

const orderState = (o: AdminOrderRow): Record<string, unknown> => ({ status: o.status, priceCents: o.priceCents, refundedCents: o.refundedCents });
const paymentState = (p: SubscriptionPaymentRow): Record<string, unknown> => ({ amountCents: p.amountCents, refundedCents: p.refundedCents, refundedAt: p.refundedAt?.toISOString() ?? null });

/**
 * The admin dashboard (requirements §P2): lists and totals of the business, token balances, refunds, and
 * the audit log of every admin action. Callers have checked that the user is an admin.
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  async users(page: unknown, size: unknown, search?: unknown): Promise<PageOf<AdminUserRow>> {
    const request = pageRequest(page, size);
    if (search !== undefined && search !== null && (typeof search !== 'string' || search.length > MAX_SEARCH)) {
      throw badInput(`search must be at most ${MAX_SEARCH} characters.`, { field: 'search' });
    }
    const term = typeof search === 'string' && search.trim() ? search.trim() : undefined;
    const { rows, total } = await this.deps.accounts.adminPage(request.offset, request.size, term);
    return pageOf(request, rows, total);
  }

  async subscriptions(page: unknown, size: unknown): Promise<PageOf<PlanAccountRow>> {
    const request = pageRequest(page, size);
    const { rows, total } = await this.deps.billingAdmin.planAccounts(request.offset, request.size);
    return pageOf(request, rows, total);
  }

  async producers(page: unknown, size: unknown): Promise<PageOf<AdminProducerRow>> {
    const request = pageRequest(page, size);
    const { rows, total } = await this.deps.producers.adminPage(request.offset, request.size);
    const files = await this.deps.catalog.uploadedFileCounts(rows.map((r) => r.userId));
    return pageOf(request, rows.map((r) => ({ ...r, filesUploaded: files.get(r.userId) ?? 0 })), total);
  }

  async beatOrders(page: unknown, size: unknown): Promise<PageOf<AdminOrderRow>> {
    const request = pageRequest(page, size);
    const { rows, total } = await this.deps.orders.page(request.offset, request.size);
    return pageOf(request, rows, total);
  }

  async subscriptionPayments(page: unknown, size: unknown): Promise<PageOf<SubscriptionPaymentRow>> {
    const request = pageRequest(page, size);
    const { rows, total } = await this.deps.billingAdmin.payments(request.offset, request.size);
    return pageOf(request, rows, total);
  }

  totalUsers(): Promise<number> {
    return this.deps.accounts.countUsers();
  }

  totalSubscriptions(): Promise<number> {
    return this.deps.billingAdmin.activeSubscriptionCount();
  }

  async totalProducers(): Promise<number> {
    return (await this.deps.producers.adminPage(0, 1)).total;
  }

  beatOrdersRevenueCents(): Promise<number> {
    return this.deps.orders.revenueCents();
  }

  async totals(): Promise<AdminTotals> {
    const [totalUsers, totalSubscriptions, totalProducers, beatOrdersRevenueCents, subscriptionRevenueCents] = await Promise.all([
      this.totalUsers(),
      this.totalSubscriptions(),
      this.totalProducers(),
      this.beatOrdersRevenueCents(),
      this.deps.billingAdmin.revenueCents(),
    ]);
    return { totalUsers, totalSubscriptions, totalProducers, beatOrdersRevenueCents, subscriptionRevenueCents };
  }

  /** The dashboard's charts over a range of days (admin-charts.service.ts); BAD_USER_INPUT for a bad range. */
  charts(from: unknown, to: unknown): Promise<AdminCharts> {
    return new AdminChartsService({ orm: this.deps.orm }).charts(parseRange(from, to));
  }

  subscriptionStats(): Promise<PlanStat[]> {
    return this.deps.billingAdmin.planStats();
  }

  /**
   * Sets a user's token balance: the balance, its ledger row (with the admin's id and the reason)
   * and the audit entry commit together, or nothing does.
   */
  async updateTokens(admin: User, request: UpdateTokensRequest): Promise<PlanAccountRow> {
    if (typeof request.userId !== 'string' || !UUID.test(request.userId)) throw badInput('user_id must be an account id.', { field: 'user_id' });
    const reason = cleanReason(request.reason, 'Set by an admin on the dashboard');
    const account = await this.deps.accounts.findById(request.userId);
    if (!account) throw notFound('Account not found.');
    const expected = request.tokensSeen ?? (await this.deps.billingAdmin.planAccountOf(account)).tokensRemaining;
    return this.deps.orm.em.fork().transactional(async (em) => {
      const change = await this.deps.credits.adminSet(
        { userId: account.id, expected, amount: request.tokensRemaining, adminId: admin.id, reason },
        em,
      );
      await this.audit(em, admin, 'update_tokens', 'user', account.id, reason, { tokensRemaining: change.before }, { tokensRemaining: change.after, ledgerEntryId: change.ledgerEntryId });
      return { ...(await this.deps.billingAdmin.planAccountOf(account, em)), tokensRemaining: change.after };
    });
  }

  /**
   * Refunds a subscription payment in full (30-day money-back guarantee), once. In the caller's
   * transaction `inside` when given (an approved refund request is marked in the same commit).
   */
  async refundSubscriptionPayment(admin: User, paymentId: string, reasonInput: unknown, inside?: EntityManager): Promise<SubscriptionPaymentRow> {
    const reason = cleanReason(reasonInput);
    const run = async (em: EntityManager) => {
      const { before, after } = await this.deps.billingAdmin.refund(em, paymentId, admin.id);
      await this.audit(em, admin, 'refund_subscription_payment', 'subscription_payment', paymentId, reason, paymentState(before), paymentState(after));
      return after;
    };
    return inside ? run(inside) : this.deps.orm.em.fork().transactional(run);
  }

  /** Refunds a licence order in full through the licences module (which reverses the producers' earnings), once. */
  async refundOrder(admin: User, orderId: string, reasonInput: unknown): Promise<AdminOrderRow> {
    const reason = cleanReason(reasonInput);
    if (typeof orderId !== 'string' || !orderId || orderId.length > 100) throw badInput('order_id must be an order id.', { field: 'order_id' });
    const after = await this.deps.orders.refund(orderId, admin.id, reason);
    // The source refunds paid orders only, so the order was paid and unrefunded before.
    const before = { status: 'paid', priceCents: after.priceCents, refundedCents: 0 };
    await this.deps.orm.em.fork().transactional((em) => this.audit(em, admin, 'refund_order', 'order', orderId, reason, before, orderState(after)));
    return after;
  }

  async auditLog(page: unknown, size: unknown): Promise<PageOf<AuditEntryView>> {
    const request = pageRequest(page, size);
    const [entries, total] = await this.deps.orm.em.fork().findAndCount(
      AdminAuditEntry,
      {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: request.size, offset: request.offset },
    );
    return pageOf(
      request,
      entries.map((e) => ({
        id: e.id,
        adminId: e.admin?.id ?? null,
        adminEmail: e.adminEmail,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        reason: e.reason,
        before: e.before ?? null,
        after: e.after ?? null,
        createdAt: e.createdAt,
      })),
      total,
    );
  }

  private async audit(
    em: EntityManager,
    admin: User,
    action: AdminAction,
    targetType: string,
    targetId: string,
    reason: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await em.execute(
      `insert into admin_audit_entries (id, admin_id, admin_email, action, target_type, target_id, reason, before, after, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, now())`,
      [admin.id, admin.email, action, targetType, targetId, reason, JSON.stringify(before), JSON.stringify(after)],
    );
  }
}
