import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The admin charts' daily roll-up: one figure per UTC day and metric (accounts_new, beats_generated,
 * subscription_gross_cents, licence_gross_cents, payout_cents:paid, ...). Written only by the
 * compaction of admin_daily_deltas (admin-charts.service.ts), so its rows are locked by one
 * statement at a time, in key order.
 */
@Entity({ tableName: 'admin_daily_stats' })
export class AdminDailyStat {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @PrimaryKey({ type: 'text' })
  metric!: string;

  @Property({ type: 'bigint' })
  value!: string;
}

/**
 * Changes to the roll-up not yet compacted into admin_daily_stats: appended (never updated) by
 * statement triggers on the tables the figures come from (see the migration that made them), in the
 * transaction of the write itself, so a write never waits for another to add to the same day.
 */
@Entity({ tableName: 'admin_daily_deltas' })
@Index({ name: 'admin_daily_deltas_day_index', properties: ['day'] })
export class AdminDailyDelta {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'date' })
  day!: string;

  @Property({ type: 'text' })
  metric!: string;

  @Property({ type: 'bigint' })
  value!: string;
}
