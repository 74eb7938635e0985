import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../accounts/user.entity';

/** The account that owns the landing page's sample beats. It has no password and no identity-provider subject, so nobody can sign in as it. */
export const SHOWCASE_ACCOUNT = {
  subject: 'system:showcase',
  email: 'showcase@system.invalid',
  username: 'YSM Showcase',
  userType: 'system',
} as const;

/** The showcase account's id, creating the account on first use (safe when instances race). */
export async function showcaseAccountId(em: EntityManager): Promise<string> {
  const existing = await em.findOne(User, { subject: SHOWCASE_ACCOUNT.subject }, { fields: ['id'] });
  if (existing) return existing.id;
  const fork = em.fork();
  fork.create(User, {
    subject: SHOWCASE_ACCOUNT.subject,
    email: SHOWCASE_ACCOUNT.email,
    username: SHOWCASE_ACCOUNT.username,
    usernameKey: SHOWCASE_ACCOUNT.username.toLowerCase(),
    userType: SHOWCASE_ACCOUNT.userType,
  });
  try {
    await fork.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  const created = await em.fork().findOneOrFail(User, { subject: SHOWCASE_ACCOUNT.subject }, { fields: ['id'] });
  return created.id;
}
