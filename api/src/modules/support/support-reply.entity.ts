import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { SupportMessage } from './support-message.entity';

/** A reply of staff to a support message: mailed to the sender and kept, so the Inbox shows the thread. */
@Entity({ tableName: 'support_replies' })
@Index({ name: 'support_replies_thread_index', properties: ['message', 'createdAt', 'id'] })
export class SupportReply {
  [OptionalProps]?: 'createdAt' | 'author';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => SupportMessage, { deleteRule: 'cascade' })
  message!: Rel<SupportMessage>;

  /** The admin who wrote it; the reply outlives their account (set null), keeping their email below. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  @Index()
  author?: Rel<User> | null;

  @Property({ type: 'text' })
  authorEmail!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
