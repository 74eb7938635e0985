import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A provider event about earnings (transfer.reversed, ...) that has been applied: once per id. */
@Entity({ tableName: 'earnings_events' })
export class EarningsEvent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}
