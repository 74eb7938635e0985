import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('EarningsMonth', { description: "One month (UTC) of a producer's earnings, in US cents." })
export class EarningsMonthType {
  @Field(() => String, { description: 'The month, "2026-11".' }) month!: string;
  @Field(() => Int, { description: "The producer's parts of the sales made this month." }) earnedCents!: number;
  @Field(() => Int, { description: "Of this month's sales: paid to the payout account and kept." }) paidCents!: number;
  @Field(() => Int, { description: "Of this month's sales: being paid now, or waiting for a retry." }) pendingCents!: number;
  @Field(() => Int, { description: "Of this month's sales: waiting for the payout account to receive transfers." }) heldCents!: number;
  @Field(() => Int, { description: "Of this month's sales: refused by the payment provider for good." }) failedCents!: number;
  @Field(() => Int, { description: 'Taken back by refunds made this month.' }) reversedCents!: number;
}

@ObjectType('EarningsTier', { description: 'Licences of one tier sold in the period, and what the producer kept of them.' })
export class EarningsTierType {
  @Field(() => String, { description: 'standard, advanced, excindie, exclabel (unknown when the order did not say).' }) tier!: string;
  @Field(() => Int, { description: 'Licences sold.' }) licences!: number;
  @Field(() => Int, { description: "The producer's part less refunds, in cents." }) earnedCents!: number;
}

@ObjectType('EarningsWeek', { description: "Beats made with the producer's loops in one week (from Monday, UTC)." })
export class EarningsWeekType {
  @Field(() => String, { description: 'The Monday, "2026-11-23".' }) week!: string;
  @Field(() => Int, { description: 'Beats made that week.' }) beats!: number;
}

@ObjectType('LoopRecord', { description: "One of the producer's loops: its beats, the licences of those beats, what it earned, and what those beats were asked for." })
export class LoopRecordType {
  @Field(() => ID, { description: 'Composition or drum loop id.' }) id!: string;
  @Field(() => String, { description: 'composition or drum' }) kind!: string;
  @Field(() => String, { description: "The uploaded file's name (a composition's first stem, with how many more)." }) name!: string;
  @Field(() => String, { description: 'Melody, or the drum type.' }) type!: string;
  @Field(() => Boolean, { description: 'True once withdrawn.' }) withdrawn!: boolean;
  @Field(() => Int, { description: 'Beats made with it.' }) beats!: number;
  @Field(() => Int, { description: 'Licences sold of those beats.' }) licences!: number;
  @Field(() => Int, { description: "The producer's part of those licences less refunds, in cents (a beat with two of their loops counts for both)." }) earnedCents!: number;
  @Field(() => [String], { description: 'The genres those beats were made in, most frequent first (at most 3).' }) topGenres!: string[];
  @Field(() => [String], { description: "The words of those beats' prompts, most frequent first (at most 5)." }) topWords!: string[];
}

@ObjectType('EarningsCharts', { description: "A producer's earnings over the last months: by month, by tier, their loops' beats by week, and each loop's record." })
export class EarningsChartsType {
  @Field(() => Date, { description: 'Start of the first month (UTC).' }) from!: Date;
  @Field(() => Date, { description: 'End of the last month (UTC, exclusive).' }) to!: Date;
  @Field(() => [EarningsMonthType], { description: 'Every month of the period, oldest first.' }) months!: EarningsMonthType[];
  @Field(() => [EarningsTierType], { description: 'Licences by tier in the period.' }) tiers!: EarningsTierType[];
  @Field(() => [EarningsWeekType], { description: "Weeks of the period in which beats were made with the producer's loops, oldest first." }) weeks!: EarningsWeekType[];
  @Field(() => [LoopRecordType], { description: "Each of the producer's loops (at most 500), most used first; all time." }) loops!: LoopRecordType[];
}

@ObjectType('StatementLine', { description: "One line of a producer's statement: their part of a sale, or what a refund took back." })
export class StatementLineType {
  @Field(() => Date, { description: 'When the ledger line was written (UTC).' }) date!: Date;
  @Field(() => String, { description: 'sale or refund' }) kind!: string;
  @Field(() => ID, { description: 'Licence order id.' }) orderId!: string;
  @Field(() => String, { nullable: true, description: 'standard, advanced, excindie, exclabel; null when the order did not say.' }) tier!: string | null;
  @Field(() => String, { nullable: true, description: "The beat's title; null if it is gone." }) beatTitle!: string | null;
  @Field(() => Float, { nullable: true, description: "The producer's share of the beat in percent, two decimals." }) sharePercent!: number | null;
  @Field(() => Int, { description: "The order's gross in cents (a sale), or the refunded amount as a negative figure (a refund)." }) grossCents!: number;
  @Field(() => Int, { description: "The order's processing fee in cents (a sale); 0 for a refund." }) feeCents!: number;
  @Field(() => Int, { description: 'Gross less fee (a sale); the refunded amount, negative (a refund).' }) netCents!: number;
  @Field(() => Int, { description: "The producer's ledger amount in cents: their part, or what a refund took back (negative)." }) amountCents!: number;
  @Field(() => String, { description: 'The transfer of this order to the producer now: held, pending, sending, paid, failed, cancelled, none.' }) transferStatus!: string;
}

@ObjectType('EarningsStatement', { description: "A producer's statement for a month or a year (UTC); its total equals their earnings ledger for the period." })
export class EarningsStatementType {
  @Field(() => String, { description: 'The producer name printed on it.' }) producerName!: string;
  @Field(() => String, { description: 'The period, "2026-11" or "2026".' }) period!: string;
  @Field(() => [StatementLineType], { description: 'Every line, oldest first.' }) lines!: StatementLineType[];
  @Field(() => Int, { description: "The producer's parts of sales, in cents." }) salesCents!: number;
  @Field(() => Int, { description: 'Taken back by refunds, in cents (negative or 0).' }) refundsCents!: number;
  @Field(() => Int, { description: 'salesCents + refundsCents.' }) totalCents!: number;
}
