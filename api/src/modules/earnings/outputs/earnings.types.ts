import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('EarningsTotals', { description: "A producer's earnings from licence sales, in US cents: earned - reversed = paid + pending + held + failed" })
export class EarningsTotalsType {
  @Field(() => Int, { description: 'Every part of every sale (90% of the net, by share)' }) earnedCents!: number;
  @Field(() => Int, { description: 'Paid to the payout account and kept' }) paidCents!: number;
  @Field(() => Int, { description: 'Being paid now, or waiting for a retry' }) pendingCents!: number;
  @Field(() => Int, { description: 'Waiting for the payout account to be able to receive transfers' }) heldCents!: number;
  @Field(() => Int, { description: 'Taken back by refunds and lost disputes' }) reversedCents!: number;
  @Field(() => Int, { description: 'Refused by the payment provider for good (paid by hand by support)' }) failedCents!: number;
}

@ObjectType('EarningsOrder', { description: "One licence order of one of the producer's beats, and the producer's part of it" })
export class EarningsOrderType {
  @Field(() => ID, { description: 'Licence order id.' }) orderId!: string;
  @Field(() => ID, { description: "The licensed beat's id." }) beatId!: string;
  @Field(() => String, { nullable: true, description: "The licensed beat's title; null if it is gone." }) beatTitle!: string | null;
  @Field(() => String, { nullable: true, description: 'standard, advanced, excindie, exclabel (price_id of requirements (listener core))' }) tier!: string | null;
  @Field(() => Date, { description: 'When the order was paid (UTC).' }) date!: Date;
  @Field(() => Int, { description: "The producer's share of the beat in basis points (5000 = 50.00%)" }) shareBasisPoints!: number;
  @Field(() => Float, { description: 'The share in percent, two decimals' }) sharePercent!: number;
  @Field(() => Int, { description: "The producer's part of the order, in cents" }) amountCents!: number;
  @Field(() => Int, { description: 'Taken back by refunds, in cents' }) reversedCents!: number;
  @Field(() => String, { description: 'held, pending, sending, paid, failed, cancelled (refunded before it was paid), none (0 cents)' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Why the transfer failed (status failed); null otherwise.' }) failure!: string | null;
}

@ObjectType('EarningsOrdersPage', { description: "A page of the producer's earnings orders, newest first." })
export class EarningsOrdersPageType {
  @Field(() => [EarningsOrderType], { description: 'Up to 20 orders.' }) items!: EarningsOrderType[];
  @Field(() => Int, { description: 'Orders in all.' }) total!: number;
  @Field(() => Int, { description: "This page's number, from 1." }) page!: number;
  @Field(() => Int, { description: 'How many pages there are.' }) pages!: number;
}

@ObjectType('LoopUsage', { description: "One of the producer's loops and how many beats were made with it" })
export class LoopUsageType {
  @Field(() => ID, { description: 'Composition or drum loop id.' }) id!: string;
  @Field(() => String, { description: 'composition or drum' }) kind!: string;
  @Field(() => String, { description: "The uploaded file's name (a composition's first stem, with how many more)" }) name!: string;
  @Field(() => String, { description: 'Melody, or the drum type' }) type!: string;
  @Field(() => Float, { description: 'Declared tempo in BPM.' }) bpm!: number;
  @Field(() => String, { nullable: true, description: 'Declared key; null for drum loops other than 808s.' }) key!: string | null;
  @Field(() => String, { nullable: true, description: 'Major or Minor; null for drum loops other than 808s.' }) mode!: string | null;
  @Field(() => Date, { description: 'When it was uploaded (UTC).' }) createdAt!: Date;
  @Field(() => Boolean, { description: 'True once withdrawn (no longer used for new beats).' }) withdrawn!: boolean;
  @Field(() => Int, { description: 'Beats made with it (a first beat, its full version and each edit count separately).' }) beats!: number;
}

@ObjectType('MyEarnings', { description: "A producer's earnings view: totals, the orders of their beats and how their loops are used." })
export class MyEarningsType {
  @Field(() => EarningsTotalsType, { description: 'Totals in US cents.' }) totals!: EarningsTotalsType;
  @Field(() => EarningsOrdersPageType, { description: "Orders of beats that use the producer's loops, 20 a page, newest first." }) orders!: EarningsOrdersPageType;
  @Field(() => [LoopUsageType], { description: "The producer's loops (at most 500), most used first." }) loops!: LoopUsageType[];
}
