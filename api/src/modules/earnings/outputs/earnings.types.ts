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
  @Field(() => ID) orderId!: string;
  @Field(() => ID) beatId!: string;
  @Field(() => String, { nullable: true }) beatTitle!: string | null;
  @Field(() => String, { nullable: true, description: 'standard, advanced, excindie, exclabel (price_id of spec 1)' }) tier!: string | null;
  @Field(() => Date) date!: Date;
  @Field(() => Int, { description: "The producer's share of the beat in basis points (5000 = 50.00%)" }) shareBasisPoints!: number;
  @Field(() => Float, { description: 'The share in percent, two decimals' }) sharePercent!: number;
  @Field(() => Int, { description: "The producer's part of the order, in cents" }) amountCents!: number;
  @Field(() => Int, { description: 'Taken back by refunds, in cents' }) reversedCents!: number;
  @Field(() => String, { description: 'held, pending, sending, paid, failed, cancelled (refunded before it was paid), none (0 cents)' }) status!: string;
  @Field(() => String, { nullable: true }) failure!: string | null;
}

@ObjectType('EarningsOrdersPage')
export class EarningsOrdersPageType {
  @Field(() => [EarningsOrderType]) items!: EarningsOrderType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pages!: number;
}

@ObjectType('LoopUsage', { description: "One of the producer's loops and how many beats were made with it" })
export class LoopUsageType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'composition or drum' }) kind!: string;
  @Field(() => String, { description: "The uploaded file's name (a composition's first stem, with how many more)" }) name!: string;
  @Field(() => String, { description: 'Melody, or the drum type' }) type!: string;
  @Field(() => Float) bpm!: number;
  @Field(() => String, { nullable: true }) key!: string | null;
  @Field(() => String, { nullable: true }) mode!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Boolean) withdrawn!: boolean;
  @Field(() => Int) beats!: number;
}

@ObjectType('MyEarnings')
export class MyEarningsType {
  @Field(() => EarningsTotalsType) totals!: EarningsTotalsType;
  @Field(() => EarningsOrdersPageType) orders!: EarningsOrdersPageType;
  @Field(() => [LoopUsageType]) loops!: LoopUsageType[];
}
