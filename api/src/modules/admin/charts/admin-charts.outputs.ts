import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AdminRevenuePoint', { description: 'Revenue of one day or month (UTC), in US cents; refunds are subtracted on the day they were made.' })
export class AdminRevenuePointType {
  @Field(() => String, { description: '"2026-11-27" for a day, "2026-11" for a month.' }) period!: string;
  @Field(() => Int, { description: 'Subscription payments taken.' }) subscriptionGrossCents!: number;
  @Field(() => Int, { description: 'Subscription payments refunded.' }) subscriptionRefundCents!: number;
  @Field(() => Int, { description: 'subscriptionGrossCents - subscriptionRefundCents.' }) subscriptionNetCents!: number;
  @Field(() => Int, { description: 'Licence orders paid.' }) licenceGrossCents!: number;
  @Field(() => Int, { description: 'Licence orders refunded.' }) licenceRefundCents!: number;
  @Field(() => Int, { description: 'licenceGrossCents - licenceRefundCents.' }) licenceNetCents!: number;
  @Field(() => Int, { description: 'Licence orders paid (a count).' }) licenceOrders!: number;
}

@ObjectType('AdminDayCount', { description: 'Beats generated and accounts opened on one day (UTC).' })
export class AdminDayCountType {
  @Field(() => String, { description: '"2026-11-27".' }) day!: string;
  @Field(() => Int, { description: 'Beats generated (first beats, full beats and edits).' }) beats!: number;
  @Field(() => Int, { description: 'New accounts (of those that still exist).' }) accounts!: number;
}

@ObjectType('AdminPlanMix', { description: "One plan's subscription payments in the range." })
export class AdminPlanMixType {
  @Field(() => Int, { description: 'The plan level (1 Free ... 4 Enterprise).' }) level!: number;
  @Field(() => String, { description: 'The plan name.' }) plan!: string;
  @Field(() => Int, { description: 'Payments on this plan.' }) payments!: number;
  @Field(() => Int, { description: 'Those payments less what was refunded of them, in cents.' }) netCents!: number;
}

@ObjectType('AdminPayoutState', { description: "Producers' transfers of the range's licence sales in one state." })
export class AdminPayoutStateType {
  @Field(() => String, { description: 'pending (waiting or being sent), held (no payout account able to receive), sent, failed.' }) state!: string;
  @Field(() => Int, { description: 'Transfers.' }) transfers!: number;
  @Field(() => Int, { description: 'Their amounts less what reversals took back, in cents.' }) cents!: number;
}

@ObjectType('AdminCharts', { description: "The admin dashboard's charts over one range of days (UTC)." })
export class AdminChartsType {
  @Field(() => String, { description: 'First day of the range.' }) from!: string;
  @Field(() => String, { description: 'Last day of the range (inclusive).' }) to!: string;
  @Field(() => [AdminRevenuePointType], { description: 'Revenue of every day of the range.' }) days!: AdminRevenuePointType[];
  @Field(() => [AdminRevenuePointType], { description: 'Revenue of every month the range touches (only its days).' }) months!: AdminRevenuePointType[];
  @Field(() => [AdminDayCountType], { description: 'Beats generated and new accounts of every day.' }) activity!: AdminDayCountType[];
  @Field(() => [AdminPlanMixType], { description: 'Subscription payments in the range by plan.' }) planMix!: AdminPlanMixType[];
  @Field(() => [AdminPayoutStateType], { description: "Transfers to producers of the range's licence sales, by state." }) payouts!: AdminPayoutStateType[];
}
