import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/** What a user did that the audit log keeps (personal access tokens, for now). */
export type AuditAction = 'access_token.created' | 'access_token.extended' | 'access_token.revoked';

/**
 * One security-relevant action of a user, written in the same transaction as the action itself and
 * listed to that user. Rows are never changed by the api; they go with the account.
 */
@Entity({ tableName: 'audit_events' })
@Index({ name: 'audit_events_user_created_index', properties: ['user', 'createdAt'] })
export class AuditEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'text' })
  action!: AuditAction;

  /** 'access_token'. */
  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text' })
  targetId!: string;

  /** What the action set (a token's name, scopes, expiry), never a secret. */
  @Property({ type: 'json', nullable: true })
  details?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
