import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { ADMIN_ROLE } from '../../platform/graphql/auth-checker';
import { TokenScope } from '../../platform/graphql/token-scope';
import { presentInbox, presentInboxItem, presentMoneyBack, presentRefundRequest } from './support.presenter';
import { ReplyToSupportMessageInput, RequestRefundInput, SendSupportMessageInput } from './inputs/support.inputs';
import {
  MoneyBackPaymentType,
  RefundRequestType,
  SupportInboxPageType,
  SupportMessageReceiptType,
  SupportMessageStatusEnum,
  SupportMessageType,
} from './outputs/support.types';

const perPage = ({ args, childComplexity }: { args: { pageSize?: number }; childComplexity: number }) => Math.min(args.pageSize ?? 20, 100) * childComplexity;

/** Customer support (issue 30): /contact's messages, the admin Inbox, and the self-service money-back guarantee. */
@Resolver()
export class SupportResolver {
  @TokenScope('public')
  @Mutation(() => SupportMessageReceiptType, {
    description:
      'Sends a message to support (anyone, signed in or not): stored, mailed to the support address and acknowledged to the sender by mail. A visitor must give an email. TOO_MANY_REQUESTS past the hourly limits per network and per account.',
  })
  async sendSupportMessage(@Ctx() ctx: GraphQLContext, @Arg('input', () => SendSupportMessageInput, { description: 'Topic, message and, optionally, a beat or order reference, an email and a name.' }) input: SendSupportMessageInput) {
    return ctx.services.support.send(await ctx.currentUser(), ctx.network, { ...input });
  }

  @Authorized()
  @TokenScope('account:read')
  @Query(() => [MoneyBackPaymentType], { description: "The signed-in user's subscription payments of the last 30 days, and any they asked a refund of, newest first, with the money-back guarantee's state." })
  async moneyBackPayments(@Ctx() ctx: GraphQLContext) {
    return (await ctx.services.refundRequests.moneyBack(await requireUser(ctx))).map(presentMoneyBack);
  }

  @Authorized()
  @Mutation(() => RefundRequestType, {
    description:
      "Asks for a refund of one of your subscription payments under the 30-day money-back guarantee; staff approve or decline it and you are mailed either way. NOT_FOUND for a payment that is not yours; CONFLICT when it is refunded, older than 30 days or already asked for.",
  })
  async requestRefund(@Ctx() ctx: GraphQLContext, @Arg('input', () => RequestRefundInput, { description: 'The payment and, optionally, why.' }) input: RequestRefundInput) {
    return presentRefundRequest(await ctx.services.refundRequests.request(await requireUser(ctx), { ...input }));
  }

  @Authorized(ADMIN_ROLE)
  @Query(() => SupportInboxPageType, { complexity: perPage, description: 'The support Inbox: Enterprise senders first, then Premium, then the rest, newest first within each. Admins only (FORBIDDEN otherwise).' })
  async supportInbox(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => SupportMessageStatusEnum, { nullable: true, description: 'Only messages with this status; null lists all.' }) status: SupportMessageStatusEnum | null,
    @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: 20, description: 'Rows per page, 1 to 100 (BAD_USER_INPUT otherwise).' }) pageSize: number,
  ) {
    const [inbox, counts] = await Promise.all([ctx.services.support.inbox(page, pageSize, status), ctx.services.support.statusCounts()]);
    return presentInbox(inbox, counts);
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => SupportMessageType, { description: 'Replies to a support message: mailed to the sender and kept in its thread; the message becomes answered (or closed). Admins only (FORBIDDEN otherwise).' })
  async replyToSupportMessage(@Ctx() ctx: GraphQLContext, @Arg('input', () => ReplyToSupportMessageInput, { description: 'The message, the reply and whether to close it.' }) input: ReplyToSupportMessageInput) {
    return presentInboxItem(await ctx.services.support.reply(await requireUser(ctx), { ...input, close: input.close ?? undefined }));
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => SupportMessageType, { description: 'Sets a support message open, answered or closed, without mailing anyone. CONFLICT for a refund request still pending. Admins only (FORBIDDEN otherwise).' })
  async setSupportMessageStatus(
    @Ctx() ctx: GraphQLContext,
    @Arg('messageId', () => ID, { description: 'The message.' }) messageId: string,
    @Arg('status', () => SupportMessageStatusEnum, { description: 'Its new status.' }) status: SupportMessageStatusEnum,
  ) {
    return presentInboxItem(await ctx.services.support.setStatus(messageId, status));
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => SupportMessageType, {
    description: 'Approves a pending refund request: the payment is refunded in full as an admin refund (renewal stops, audit entry), the subscriber is mailed, the message closes. CONFLICT when already decided or not refundable. Admins only (FORBIDDEN otherwise).',
  })
  async approveRefundRequest(@Ctx() ctx: GraphQLContext, @Arg('requestId', () => ID, { description: 'The RefundRequest id.' }) requestId: string) {
    return presentInboxItem(await ctx.services.refundRequests.approve(await requireUser(ctx), requestId));
  }

  @Authorized(ADMIN_ROLE)
  @Mutation(() => SupportMessageType, { description: 'Declines a pending refund request with a reason the subscriber is mailed; nothing is refunded. CONFLICT when already decided. Admins only (FORBIDDEN otherwise).' })
  async declineRefundRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('requestId', () => ID, { description: 'The RefundRequest id.' }) requestId: string,
    @Arg('reason', () => String, { description: 'Why (1 to 500 characters), mailed to the subscriber.' }) reason: string,
  ) {
    return presentInboxItem(await ctx.services.refundRequests.decline(await requireUser(ctx), requestId, reason));
  }
}
