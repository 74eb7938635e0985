import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/**
 * A personal access token: a named credential a user gives a script or a tool, acting for them
 * within its scopes. The secret itself is never stored: only its SHA-256 (looked up on every
 * request, hence unique and indexed) and its first 12 characters as a hint.
 */
@Entity({ tableName: 'access_tokens' })
// My Account lists a user's tokens newest first; the cap counts the active ones.
@Index({ name: 'access_tokens_user_created_index', properties: ['user', 'createdAt'] })
export class AccessToken {
  [OptionalProps]?: 'createdAt' | 'useCount';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'text' })
  name!: string;

  /** SHA-256 of the secret, hex. */
  @Property({ type: 'text', unique: 'access_tokens_secret_hash_unique' })
  secretHash!: string;

  /** The secret's first 12 characters (`bp_pat_` and five more), to tell tokens apart. */
  @Property({ type: 'text' })
  hint!: string;

  @Property({ type: 'text[]' })
  scopes!: string[];

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  /** Requests made with the token (HTTP requests and WebSocket operations). */
  @Property({ type: 'bigint', runtimeType: 'number' })
  useCount: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}
