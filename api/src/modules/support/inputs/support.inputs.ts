import { Field, ID, InputType } from 'type-graphql';
import { SupportTopicEnum } from '../outputs/support.types';

@InputType('SendSupportMessageInput', { description: 'A message to support from /contact' })
export class SendSupportMessageInput {
  @Field(() => SupportTopicEnum, { description: 'What it is about (any topic but REFUND_REQUEST)' })
  topic!: SupportTopicEnum;

  @Field(() => String, { description: 'The message, 1 to 5,000 characters' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'A beat or order it is about (an id or an address), one line of at most 200 characters' })
  reference?: string | null;

  @Field(() => String, { nullable: true, description: "Where to answer: required when not signed in; a signed-in sender is answered at their account's email" })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'How to address the sender, at most 100 characters' })
  name?: string | null;
}

@InputType('ReplyToSupportMessageInput', { description: "Staff's reply to a support message" })
export class ReplyToSupportMessageInput {
  @Field(() => ID, { description: 'The message answered' })
  messageId!: string;

  @Field(() => String, { description: 'The reply, 1 to 5,000 characters, mailed to the sender' })
  text!: string;

  @Field(() => Boolean, { nullable: true, description: 'Close the message with this reply (default: it becomes answered)' })
  close?: boolean | null;
}

@InputType('RequestRefundInput', { description: 'A request for the 30-day money-back guarantee' })
export class RequestRefundInput {
  @Field(() => ID, { description: 'One of your subscription payments of the last 30 days (moneyBackPayments)' })
  paymentId!: string;

  @Field(() => String, { nullable: true, description: 'Why, if you like (at most 1,000 characters)' })
  reason?: string | null;
}
