import type { PageOf } from '../admin';
import type { InboxItem, RefundRequestView } from './inbox-items';
import type { MoneyBackPayment } from './refund-requests.service';
import type { SupportStatus } from './support-topics';
import type {
  MoneyBackPaymentType,
  RefundRequestStatusEnum,
  RefundRequestType,
  SupportInboxPageType,
  SupportMessageStatusEnum,
  SupportMessageType,
  SupportTopicEnum,
} from './outputs/support.types';

// The GraphQL enums' values are the stored words (support-topics.ts), so a cast presents them.
export const presentRefundRequest = (r: RefundRequestView): RefundRequestType => ({
  id: r.id,
  paymentId: r.paymentId,
  status: r.status as RefundRequestStatusEnum,
  planName: r.planName,
  amountCents: r.amountCents,
  currency: r.currency,
  paidAt: r.paidAt,
  reason: r.reason,
  declineReason: r.declineReason,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
});

export const presentInboxItem = (m: InboxItem): SupportMessageType => ({
  id: m.id,
  topic: m.topic as SupportTopicEnum,
  message: m.message,
  reference: m.reference,
  senderEmail: m.senderEmail,
  senderName: m.senderName,
  username: m.username,
  planName: m.planName,
  status: m.status as SupportMessageStatusEnum,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
  replies: m.replies.map((r) => ({ ...r })),
  refundRequest: m.refundRequest && presentRefundRequest(m.refundRequest),
});

export const presentInbox = (page: PageOf<InboxItem>, counts: Record<SupportStatus, number>): SupportInboxPageType => ({
  items: page.rows.map(presentInboxItem),
  currentPage: page.page,
  pages: page.pages,
  total: page.total,
  pageSize: page.size,
  counts,
});

export const presentMoneyBack = (m: MoneyBackPayment): MoneyBackPaymentType => ({
  paymentId: m.payment.id,
  subscriptionType: m.payment.subscriptionType,
  amountCents: m.payment.amountCents,
  currency: m.payment.currency,
  paidAt: m.payment.paidAt,
  refundableUntil: m.payment.refundableUntil,
  refundedAt: m.payment.refundedAt,
  canRequestRefund: m.canRequest,
  refundRequest: m.request && presentRefundRequest(m.request),
});
