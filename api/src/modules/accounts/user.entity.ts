import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * A person with an account: their identity (a local login of the built-in provider, or the subject of
 * an external one) and their public profile. The account's plan and generation credits are
 * billing's, in its own table (billing_accounts).
 */
@Entity({ tableName: 'users' })
// The admin's lists page accounts newest first (created_at desc, id desc): one index walk.
@Index({ name: 'users_created_at_id_index', properties: ['createdAt', 'id'] })
export class User {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'isAdmin' | 'emailVerified';

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

  @Property({ type: 'boolean' })
  isAdmin: boolean = false;

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
