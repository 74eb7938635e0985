import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A provider event (a Stripe webhook event id, or a local checkout's completion) that has been
 * applied. Its id is inserted in the same transaction as the event's effects, under the primary
 * key, so an event delivered twice, or by two paths at once, takes effect once.
 */
@Entity({ tableName: 'payment_events' })
export class PaymentEvent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}
