import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/** What an admin did. */
export type AdminAction = 'update_tokens' | 'refund_subscription_payment' | 'refund_order';

/**
 * One action of an admin (who, what, when, the state before and after), written with the action
 * itself and listed on the dashboard. Rows are never changed or deleted by the api.
 */
@Entity({ tableName: 'admin_audit_entries' })
@Index({ name: 'admin_audit_entries_created_index', properties: ['createdAt', 'id'] })
export class AdminAuditEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The admin; the entry outlives their account (set null), keeping their email below. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  @Index()
  admin?: Rel<User> | null;

  @Property({ type: 'text' })
  adminEmail!: string;

  @Property({ type: 'text' })
  action!: AdminAction;

  /** 'user', 'subscription_payment' or 'order'. */
  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text' })
  targetId!: string;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'json', nullable: true })
  before?: Record<string, unknown> | null;

  @Property({ type: 'json', nullable: true })
  after?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
