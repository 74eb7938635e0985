import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { ADMIN_ROLE } from '../../platform/graphql/auth-checker';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import type { AuditEntryView } from './admin.service';
import { AdminUpdateTokensInput } from './inputs/admin.inputs';
import {
  AdminAuditEntryPage,
  AdminBeatOrderPage,
  AdminBeatOrderType,
  AdminPlanStatType,
  AdminProducerPage,
  AdminSubscriptionPage,
  AdminSubscriptionPaymentPage,
  AdminSubscriptionPaymentType,
  AdminSubscriptionType,
  AdminTotalsType,
  AdminUserPage,
} from './outputs/admin.types';
import type { PageOf } from './pagination';

const pageOut = <T>(page: PageOf<T>) => ({ items: [...page.rows], currentPage: page.page, pages: page.pages, total: page.total, pageSize: page.size });
const perPage = ({ args, childComplexity }: { args: { pageSize?: number }; childComplexity: number }) => Math.min(args.pageSize ?? 20, 100) * childComplexity;
const auditOut = (e: AuditEntryView) => ({ ...e, before: e.before && JSON.stringify(e.before), after: e.after && JSON.stringify(e.after) });

/** The admin dashboard's data; every field needs an admin (ADMIN_ROLE). */
@Resolver()
export class AdminResolver {
  @Authorized(ADMIN_ROLE)
  @Query(() => AdminUserPage, { description: 'Accounts, newest first; search matches part of an email or username', complexity: perPage })
  async adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
  ) {
    return pageOut(await ctx.services.admin.users(page, pageSize, search));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminSubscriptionPage, { description: "Every account's plan and token balance, newest account first", complexity: perPage })
  async adminSubscriptions(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1 }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number) {
    return pageOut(await ctx.services.admin.subscriptions(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminProducerPage, { complexity: perPage })
  async adminProducers(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1 }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number) {
    return pageOut(await ctx.services.admin.producers(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminBeatOrderPage, { description: 'Licence orders, newest first', complexity: perPage })
  async adminBeatOrders(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1 }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number) {
    const result = await ctx.services.admin.beatOrders(page, pageSize);
    return pageOut({ ...result, rows: result.rows.map((o) => ({ ...o, producers: [...o.producers] })) });
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminSubscriptionPaymentPage, { description: 'Subscription payments, newest first', complexity: perPage })
  async adminSubscriptionPayments(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1 }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number) {
    return pageOut(await ctx.services.admin.subscriptionPayments(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminAuditEntryPage, { description: 'Every admin action, newest first', complexity: perPage })
  async adminAuditLog(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1 }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number) {
    const result = await ctx.services.admin.auditLog(page, pageSize);
    return pageOut({ ...result, rows: result.rows.map(auditOut) });
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminTotalsType)
  adminTotals(@Ctx() ctx: GraphQLContext) {
    return ctx.services.admin.totals();
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => [AdminPlanStatType], { description: 'Accounts and revenue per plan' })
  adminSubscriptionStats(@Ctx() ctx: GraphQLContext) {
    return ctx.services.admin.subscriptionStats();
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminSubscriptionType, { description: "Sets a user's token balance (with a ledger row and an audit entry)" })
  async adminUpdateTokens(@Ctx() ctx: GraphQLContext, @Arg('input', () => AdminUpdateTokensInput) input: AdminUpdateTokensInput) {
    return ctx.services.admin.updateTokens(await requireUser(ctx), {
      userId: input.userId,
      tokensRemaining: input.tokensRemaining,
      tokensSeen: input.tokensSeen,
      reason: input.reason ?? undefined,
    });
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminSubscriptionPaymentType, { description: 'Refunds a subscription payment in full, within 30 days, once; renewal stops' })
  async adminRefundSubscriptionPayment(@Ctx() ctx: GraphQLContext, @Arg('paymentId', () => String) paymentId: string, @Arg('reason', () => String) reason: string) {
    return ctx.services.admin.refundSubscriptionPayment(await requireUser(ctx), paymentId, reason);
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminBeatOrderType, { description: "Refunds a licence order in full, once, reversing the producers' earnings" })
  async adminRefundOrder(@Ctx() ctx: GraphQLContext, @Arg('orderId', () => String) orderId: string, @Arg('reason', () => String) reason: string) {
    const order = await ctx.services.admin.refundOrder(await requireUser(ctx), orderId, reason);
    return { ...order, producers: [...order.producers] };
  }
}
