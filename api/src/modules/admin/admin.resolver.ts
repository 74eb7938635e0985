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
  @Query(() => AdminUserPage, { description: 'Accounts, newest first; search matches part of an email or username. Admins only (FORBIDDEN otherwise).', complexity: perPage })
  async adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number,
    @Arg('search', () => String, { nullable: true, description: 'Part of an email or username (at most 100 characters); null lists everyone.' }) search?: string | null,
  ) {
    return pageOut(await ctx.services.admin.users(page, pageSize, search));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminSubscriptionPage, { description: "Every account's plan and token balance, newest account first. Admins only (FORBIDDEN otherwise).", complexity: perPage })
  async adminSubscriptions(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number) {
    return pageOut(await ctx.services.admin.subscriptions(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminProducerPage, { complexity: perPage, description: 'Producers, newest first, with the number of files each uploaded. Admins only (FORBIDDEN otherwise).' })
  async adminProducers(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number) {
    return pageOut(await ctx.services.admin.producers(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminBeatOrderPage, { description: 'Licence orders, newest first. Admins only (FORBIDDEN otherwise).', complexity: perPage })
  async adminBeatOrders(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number) {
    const result = await ctx.services.admin.beatOrders(page, pageSize);
    return pageOut({ ...result, rows: result.rows.map((o) => ({ ...o, producers: [...o.producers] })) });
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminSubscriptionPaymentPage, { description: 'Subscription payments, newest first. Admins only (FORBIDDEN otherwise).', complexity: perPage })
  async adminSubscriptionPayments(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number) {
    return pageOut(await ctx.services.admin.subscriptionPayments(page, pageSize));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminAuditEntryPage, { description: 'Every admin action, newest first. Admins only (FORBIDDEN otherwise).', complexity: perPage })
  async adminAuditLog(@Ctx() ctx: GraphQLContext, @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number, @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number) {
    const result = await ctx.services.admin.auditLog(page, pageSize);
    return pageOut({ ...result, rows: result.rows.map(auditOut) });
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => AdminTotalsType, { description: 'Totals of users, subscriptions, producers and revenue. Admins only (FORBIDDEN otherwise).' })
  adminTotals(@Ctx() ctx: GraphQLContext) {
    return ctx.services.admin.totals();
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => [AdminPlanStatType], { description: 'Accounts and revenue per plan. Admins only (FORBIDDEN otherwise).' })
  adminSubscriptionStats(@Ctx() ctx: GraphQLContext) {
    return ctx.services.admin.subscriptionStats();
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminSubscriptionType, { description: "Sets a user's token balance (with a ledger row and an audit entry); CONFLICT when it changed since tokensSeen. Admins only (FORBIDDEN otherwise)." })
  async adminUpdateTokens(@Ctx() ctx: GraphQLContext, @Arg('input', () => AdminUpdateTokensInput, { description: 'The user, the new balance and the balance you saw.' }) input: AdminUpdateTokensInput) {
    return ctx.services.admin.updateTokens(await requireUser(ctx), {
      userId: input.userId,
      tokensRemaining: input.tokensRemaining,
      tokensSeen: input.tokensSeen,
      reason: input.reason ?? undefined,
    });
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminSubscriptionPaymentType, { description: 'Refunds a subscription payment in full, within 30 days, once; renewal stops. Admins only (FORBIDDEN otherwise).' })
  async adminRefundSubscriptionPayment(@Ctx() ctx: GraphQLContext, @Arg('paymentId', () => String, { description: 'AdminSubscriptionPayment id.' }) paymentId: string, @Arg('reason', () => String, { description: 'Why (1 to 500 characters), kept in the audit log.' }) reason: string) {
    return ctx.services.admin.refundSubscriptionPayment(await requireUser(ctx), paymentId, reason);
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => AdminBeatOrderType, { description: "Refunds a licence order in full, once, reversing the producers. Admins only (FORBIDDEN otherwise).' earnings" })
  async adminRefundOrder(@Ctx() ctx: GraphQLContext, @Arg('orderId', () => String, { description: 'AdminBeatOrder orderId.' }) orderId: string, @Arg('reason', () => String, { description: 'Why (1 to 500 characters), kept in the audit log.' }) reason: string) {
    const order = await ctx.services.admin.refundOrder(await requireUser(ctx), orderId, reason);
    return { ...order, producers: [...order.producers] };
  }
}
