import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A Stripe Connect event (`account.updated`) that has been applied. Its id is inserted in the
 * transaction of its effects, under the primary key, so a redelivered event applies once.
 */
@Entity({ tableName: 'payout_events' })
export class PayoutEvent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}
