import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/** An in-app notice on My Account: a new licence, or a payment refunded and why. One per order and kind. */
@Entity({ tableName: 'licence_notices' })
@Unique({ name: 'licence_notices_order_kind_unique', properties: ['orderId', 'kind'] })
export class LicenceNotice {
  [OptionalProps]?: 'createdAt' | 'readAt' | 'licenceId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: Rel<User>;

  /** licence_issued or payment_refunded. */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'uuid', nullable: true })
  licenceId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  readAt?: Date | null;
}
