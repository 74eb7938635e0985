import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum SupportTopicEnum {
  ACCOUNT = 'account',
  BILLING = 'billing',
  LICENCES = 'licences',
  PRODUCERS = 'producers',
  TECHNICAL = 'technical',
  PRIVACY = 'privacy',
  OTHER = 'other',
  REFUND_REQUEST = 'refund_request',
}
registerEnumType(SupportTopicEnum, {
  name: 'SupportTopic',
  description: 'What a message to support is about',
  valuesConfig: {
    ACCOUNT: { description: 'My account (sign-in, profile, tokens).' },
    BILLING: { description: 'Billing and subscriptions.' },
    LICENCES: { description: 'Licences and orders.' },
    PRODUCERS: { description: 'Producers and payouts.' },
    TECHNICAL: { description: 'Something does not work.' },
    PRIVACY: { description: 'Privacy and my data (a copy, a correction, a deletion).' },
    OTHER: { description: 'Something else.' },
    REFUND_REQUEST: { description: 'A money-back request made on My Account (requestRefund); not accepted by sendSupportMessage.' },
  },
});

export enum SupportMessageStatusEnum {
  OPEN = 'open',
  ANSWERED = 'answered',
  CLOSED = 'closed',
}
registerEnumType(SupportMessageStatusEnum, {
  name: 'SupportMessageStatus',
  description: 'Where a support message stands',
  valuesConfig: {
    OPEN: { description: 'Waiting for an answer.' },
    ANSWERED: { description: 'Staff replied.' },
    CLOSED: { description: 'Done (a refund request once it is decided).' },
  },
});

export enum RefundRequestStatusEnum {
  PENDING = 'pending',
  APPROVED = 'approved',
  DECLINED = 'declined',
}
registerEnumType(RefundRequestStatusEnum, {
  name: 'RefundRequestStatus',
  description: 'Where a money-back request stands',
  valuesConfig: {
    PENDING: { description: 'Waiting for staff to decide.' },
    APPROVED: { description: 'Approved: the payment was refunded in full.' },
    DECLINED: { description: 'Declined, with a reason; nothing was refunded.' },
  },
});

@ObjectType('SupportMessageReceipt', { description: 'A message to support, received' })
export class SupportMessageReceiptType {
  @Field(() => ID, { description: 'The reference the acknowledgement mail gives' })
  id!: string;

  @Field(() => String, { description: 'What to tell the sender' })
  message!: string;
}

@ObjectType('RefundRequest', { description: "A subscriber's request for the 30-day money-back guarantee on one subscription payment" })
export class RefundRequestType {
  @Field(() => ID, { description: "The request's id" })
  id!: string;

  @Field(() => ID, { description: 'The subscription payment it asks to refund' })
  paymentId!: string;

  @Field(() => RefundRequestStatusEnum, { description: 'Pending, approved (refunded) or declined' })
  status!: RefundRequestStatusEnum;

  @Field(() => String, { description: 'The plan the payment was for' })
  planName!: string;

  @Field(() => Int, { description: 'The amount to refund, in cents' })
  amountCents!: number;

  @Field(() => String, { description: 'Its currency (usd)' })
  currency!: string;

  @Field(() => Date, { description: 'When the payment was taken' })
  paidAt!: Date;

  @Field(() => String, { nullable: true, description: "The subscriber's reason, if they gave one" })
  reason!: string | null;

  @Field(() => String, { nullable: true, description: 'Why staff declined it (declined requests only)' })
  declineReason!: string | null;

  @Field(() => Date, { description: 'When it was asked for' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was approved or declined' })
  decidedAt!: Date | null;
}

@ObjectType('SupportReply', { description: "Staff's reply to a support message, as mailed to the sender" })
export class SupportReplyType {
  @Field(() => ID, { description: "The reply's id" })
  id!: string;

  @Field(() => String, { description: 'What was written (and mailed)' })
  text!: string;

  @Field(() => String, { description: 'The admin who wrote it' })
  authorEmail!: string;

  @Field(() => Date, { description: 'When it was sent' })
  createdAt!: Date;
}

@ObjectType('SupportMessage', { description: 'A message to support with its thread of replies, as the admin Inbox shows it' })
export class SupportMessageType {
  @Field(() => ID, { description: "The message's id (the sender's reference)" })
  id!: string;

  @Field(() => SupportTopicEnum, { description: 'What it is about' })
  topic!: SupportTopicEnum;

  @Field(() => String, { description: 'What the sender wrote (for a refund request: their reason)' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'The beat or order the sender named (for a refund request: the payment id)' })
  reference!: string | null;

  @Field(() => String, { description: 'Where replies are mailed' })
  senderEmail!: string;

  @Field(() => String, { nullable: true, description: 'The name a visitor gave' })
  senderName!: string | null;

  @Field(() => String, { nullable: true, description: "The sender's username; null for a visitor who was not signed in" })
  username!: string | null;

  @Field(() => String, { description: "The sender's plan when they wrote (Free for visitors); the Inbox lists Enterprise, then Premium, then the rest" })
  planName!: string;

  @Field(() => SupportMessageStatusEnum, { description: 'Open, answered or closed' })
  status!: SupportMessageStatusEnum;

  @Field(() => Date, { description: 'When it was sent' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When staff last replied or changed its status' })
  updatedAt!: Date;

  @Field(() => [SupportReplyType], { description: 'The replies, oldest first' })
  replies!: SupportReplyType[];

  @Field(() => RefundRequestType, { nullable: true, description: 'The money-back request this message carries, if any' })
  refundRequest!: RefundRequestType | null;
}

@ObjectType('SupportStatusCounts', { description: 'How many support messages each status has' })
export class SupportStatusCountsType {
  @Field(() => Int, { description: 'Waiting for an answer' })
  open!: number;

  @Field(() => Int, { description: 'Replied to' })
  answered!: number;

  @Field(() => Int, { description: 'Done' })
  closed!: number;
}

@ObjectType('SupportInboxPage', { description: 'A page of the admin Inbox' })
export class SupportInboxPageType {
  @Field(() => [SupportMessageType], { description: 'Enterprise senders first, then Premium, then the rest; newest first within each' })
  items!: SupportMessageType[];

  @Field(() => Int, { description: 'This page, from 1' })
  currentPage!: number;

  @Field(() => Int, { description: 'How many pages there are (at least 1)' })
  pages!: number;

  @Field(() => Int, { description: 'Messages in the list' })
  total!: number;

  @Field(() => Int, { description: 'Messages per page' })
  pageSize!: number;

  @Field(() => SupportStatusCountsType, { description: 'Messages per status, across the whole Inbox' })
  counts!: SupportStatusCountsType;
}

@ObjectType('MoneyBackPayment', { description: "One of the signed-in user's subscription payments, with the 30-day money-back guarantee's state" })
export class MoneyBackPaymentType {
  @Field(() => ID, { description: 'The subscription payment' })
  paymentId!: string;

  @Field(() => String, { description: 'The plan it paid for' })
  subscriptionType!: string;

  @Field(() => Int, { description: 'The amount taken, in cents' })
  amountCents!: number;

  @Field(() => String, { description: 'Its currency (usd)' })
  currency!: string;

  @Field(() => Date, { description: 'When it was taken' })
  paidAt!: Date;

  @Field(() => Date, { description: 'The last moment a refund can be asked for (30 days after it was taken)' })
  refundableUntil!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was refunded, if it was' })
  refundedAt!: Date | null;

  @Field(() => Boolean, { description: 'Whether requestRefund would accept it now' })
  canRequestRefund!: boolean;

  @Field(() => RefundRequestType, { nullable: true, description: 'The refund request made for it, if any' })
  refundRequest!: RefundRequestType | null;
}
