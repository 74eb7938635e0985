import { randomUUID } from 'node:crypto';
import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { SUPPORT_STATUSES, SUPPORT_TOPICS, type SupportStatus, type SupportTopic } from './support-topics';

/**
 * A message to support: sent from /contact (signed in or not) or made by a money-back request on My
 * Account. It is mailed to the support address and acknowledged to the sender; staff answer it from
 * the admin Inbox, where it is listed newest first within the sender's plan priority.
 */
@Entity({ tableName: 'support_messages' })
@Check({ name: 'support_messages_priority_check', expression: 'priority >= 0 and priority <= 2' })
// The Inbox: one status (or all), Enterprise first, then Premium, then the rest, newest first.
@Index({ name: 'support_messages_inbox_index', properties: ['priority', 'createdAt', 'id'] })
@Index({ name: 'support_messages_status_inbox_index', properties: ['status', 'priority', 'createdAt', 'id'] })
export class SupportMessage {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt' | 'senderName' | 'reference' | 'user';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The signed-in sender; null for a visitor (and once the account is deleted: the address below stays). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  @Index()
  user?: Rel<User> | null;

  /** Where the acknowledgement and the replies go: the account's email, or the one a visitor gave. */
  @Property({ type: 'text' })
  senderEmail!: string;

  @Property({ type: 'text', nullable: true })
  senderName?: string | null;

  @Enum({ items: [...SUPPORT_TOPICS] })
  topic!: SupportTopic;

  @Property({ type: 'text' })
  message!: string;

  /** A beat or order the sender names (an id or an address they copied), as typed. */
  @Property({ type: 'text', nullable: true })
  reference?: string | null;

  /** The sender's plan when they wrote (1 for visitors): what the Inbox shows and orders by. */
  @Property({ type: 'smallint' })
  planLevel!: number;

  /** 0 Enterprise, 1 Premium, 2 everyone else (support-topics.ts `priorityOf`). */
  @Property({ type: 'smallint' })
  priority!: number;

  @Enum({ items: [...SUPPORT_STATUSES] })
  status: SupportStatus = 'open';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
