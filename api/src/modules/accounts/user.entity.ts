import { randomUUID } from 'node:crypto';
import { Check, Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** Subscription levels of spec 1 §4; billing owns their meaning, the account only holds the level. */
export const FREE_LEVEL = 1;

/**
 * A person with an account: their identity (a local login of the built-in provider, or the subject of
 * an external one), their public profile and their balance.
 */
@Entity({ tableName: 'users' })
@Check({ name: 'users_tokens_remaining_check', expression: 'tokens_remaining >= 0' })
// The admin's lists page accounts newest first (created_at desc, id desc): one index walk.
@Index({ name: 'users_created_at_id_index', properties: ['createdAt', 'id'] })
export class User {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'subscriptionLevel' | 'tokensRemaining' | 'isAdmin' | 'emailVerified';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The `sub` claim of the user's tokens: the id itself for local accounts. */
  @Property({ type: 'text' })
  @Unique()
  subject!: string;

  /** Lower-cased. */
  @Property({ type: 'text' })
  @Unique()
  email!: string;

  /** The identity provider verified the email (external providers' `email_verified`); local accounts never. */
  @Property({ type: 'boolean', default: false })
  emailVerified: boolean = false;

  @Property({ type: 'text' })
  username!: string;

  /** Lower-cased username: unique, so two people cannot differ only by case. */
  @Property({ type: 'text' })
  @Unique()
  usernameKey!: string;

  /** scrypt hash for local accounts; null for users of an external identity provider. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  passwordHash?: string | null;

  @Property({ type: 'text', nullable: true })
  userType?: string | null;

  @Property({ type: 'text', nullable: true })
  creatorName?: string | null;

  @Property({ type: 'text', nullable: true })
  fname?: string | null;

  @Property({ type: 'text', nullable: true })
  lname?: string | null;

  @Property({ type: 'text', nullable: true })
  country?: string | null;

  /** Blob key of the profile picture. */
  @Property({ type: 'text', nullable: true })
  imageKey?: string | null;

  @Property({ type: 'smallint' })
  subscriptionLevel: number = FREE_LEVEL;

  /** Starts at 0: billing grants the plan's allowance when the account's first cycle starts. */
  @Property({ type: 'integer' })
  tokensRemaining: number = 0;

  /** The current token cycle: when it ends, the next request starts a new one (billing). */
  @Property({ type: 'timestamptz', nullable: true })
  tokensPeriodStart?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  tokensPeriodEnd?: Date | null;

  @Property({ type: 'boolean' })
  isAdmin: boolean = false;

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
