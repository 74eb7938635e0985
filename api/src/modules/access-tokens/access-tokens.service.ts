import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DomainError, conflict, forbidden, notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import type { Logger } from '../../platform/logging/logger';
import { PRODUCER_SCOPES, isApiScope } from '../../platform/auth/api-scopes';
import { ACCESS_TOKEN_FORMAT, ACCESS_TOKEN_PREFIX, type AccessTokenDirectory, type AccessTokenGrant } from '../../platform/auth/access-token-port';
import type { User } from '../accounts';
import { AccessToken } from './access-token.entity';
import { MAX_ACTIVE_TOKENS, TOO_MANY_TOKENS, createAccessTokenSchema, extendAccessTokenSchema } from './access-tokens.schemas';
import type { AuditEventInput, AuditEventView } from '../audit';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_SUCH_TOKEN = 'No such access token.';

/** SHA-256 of a secret, hex: the only form in which a secret is stored. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface AccessTokensDeps {
  readonly orm: MikroORM;
  readonly logger: Logger;
  /** Whether the user is a producer (the producers module's service): only producers may hold uploads:write. */
  readonly isProducer: (userId: string) => Promise<boolean>;
  /** The identity subject of an account (the accounts module's service), or null when it is gone: a token acts as its owner's subject. */
  readonly subjectOf: (userId: string) => Promise<string | null>;
  /** How often counted uses are written (default 2 s). */
  readonly flushIntervalMs?: number;
  /** The audit log (the audit module's service): creation, extension and revocation are written with the change. */
  readonly audit: {
    record(em: EntityManager, event: AuditEventInput): Promise<void>;
    listFor(userId: string, targetType: string): Promise<AuditEventView[]>;
  };
  /** Creating or extending a token needs a sign-in this recent, in minutes. */
  readonly recentSignInMinutes: number;
  /** Announces a revocation to every instance, which closes the token's open WebSockets (platform's credential revocations). */
  readonly announceRevoked?: (tokenId: string) => Promise<void>;
}

/** When the session that asks last signed in (its `auth_time`, seconds since the epoch), if known. */
export interface SignInProof {
  readonly authTime?: number;
}

/** The reason a refusal carries, for the web app to offer a new sign-in. */
export const RECENT_SIGN_IN_REQUIRED = 'recent_sign_in_required';
const TARGET = 'access_token';

export interface CreatedAccessToken {
  readonly token: AccessToken;
  /** Shown once, never stored. */
  readonly secret: string;
}

interface PendingUses {
  count: number;
  lastUsedAt: Date;
}

/**
 * Personal access tokens: created, listed and revoked by their user, and found by their secret on
 * every request (platform's token verifier calls `directory()`). Uses are counted in memory and
 * written in batches, so a request never waits for that write.
 */
export class AccessTokensService {
  private pending = new Map<string, PendingUses>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: AccessTokensDeps) {
    this.timer = setInterval(() => void this.flushUses().catch((err) => deps.logger.warn({ err }, 'access token uses could not be written')), deps.flushIntervalMs ?? 2000);
    this.timer.unref();
  }

  private em() {
    return this.deps.orm.em.fork();
  }

  /**
   * A stolen browser session must not mint or prolong a credential that outlives it: the user must
   * have typed their password within the last `recentSignInMinutes`. FORBIDDEN otherwise, with a
   * reason the web app answers by offering to sign in again.
   */
  requireRecentSignIn(proof: SignInProof, what: string): void {
    const maxAgeSeconds = this.deps.recentSignInMinutes * 60;
    const age = proof.authTime === undefined ? Number.POSITIVE_INFINITY : Date.now() / 1000 - proof.authTime;
    if (age <= maxAgeSeconds) return;
    throw new DomainError(
      'FORBIDDEN',
      `${what} needs a recent sign-in (within ${this.deps.recentSignInMinutes} minutes). Sign in again, then try once more.`,
      { reason: RECENT_SIGN_IN_REQUIRED, maxAgeSeconds },
    );
  }

  /**
   * Creates a token for `user` (a recent sign-in needed). The secret is in the answer and nowhere
   * else. At most 50 active tokens: a per-user lock is held while counting, so concurrent requests
   * cannot pass the cap. Expires after `expiresInDays` (90 when not given).
   */
  async create(user: User, input: unknown, proof: SignInProof): Promise<CreatedAccessToken> {
    const request = parseInput(createAccessTokenSchema, input);
    this.requireRecentSignIn(proof, 'Creating an access token');
    const producerOnly = request.scopes.find((scope) => PRODUCER_SCOPES.includes(scope));
    if (producerOnly && !(await this.deps.isProducer(user.id))) throw forbidden(`Only producers can give a token the scope ${producerOnly}.`);
    const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const activeOf = (em: ReturnType<AccessTokensService['em']>) =>
      em.count(AccessToken, { user: user.id, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] });
    // A user at the cap is told so without waiting for the lock (a flood of requests queues on nothing).
    if ((await activeOf(this.em())) >= MAX_ACTIVE_TOKENS) throw conflict(TOO_MANY_TOKENS);
    const token = await this.em().transactional(async (tx) => {
      // One creation per user at a time (a transaction-scoped advisory lock; the accounts' row is not ours to lock).
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`access-tokens:${user.id}`]);
      if ((await activeOf(tx)) >= MAX_ACTIVE_TOKENS) throw conflict(TOO_MANY_TOKENS);
      const created = tx.create(AccessToken, {
        user: user.id,
        name: request.name,
        scopes: [...request.scopes],
        secretHash: hashSecret(secret),
        hint: secret.slice(0, 12),
        expiresAt: new Date(Date.now() + request.expiresInDays * DAY_MS),
      });
      await tx.flush();
      await this.deps.audit.record(tx, {
        userId: user.id, action: 'access_token.created', targetType: TARGET, targetId: created.id,
        details: { name: created.name, scopes: created.scopes, expiresAt: created.expiresAt?.toISOString() ?? null },
      });
      return created;
    });
    this.deps.logger.info({ userId: user.id, tokenId: token.id, scopes: token.scopes }, 'access token created');
    return { token, secret };
  }

  /** The user's tokens that are not revoked (expired ones included), newest first, with their uses so far. */
  async list(user: User): Promise<AccessToken[]> {
    await this.flushUses().catch((err) => this.deps.logger.warn({ err }, 'access token uses could not be written'));
    return this.em().find(AccessToken, { user: user.id, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /**
   * Sets a new expiry, `expiresInDays` (90 when not given) from now, on one of the user's tokens that
   * is neither revoked nor expired (a recent sign-in needed). NOT_FOUND for another user's or an
   * unknown one, CONFLICT for an expired one (create a new one instead).
   */
  async extend(user: User, id: string, input: unknown, proof: SignInProof): Promise<AccessToken> {
    if (!UUID.test(id)) throw notFound(NO_SUCH_TOKEN);
    const request = parseInput(extendAccessTokenSchema, input ?? {});
    this.requireRecentSignIn(proof, 'Extending an access token');
    const expiresAt = new Date(Date.now() + request.expiresInDays * DAY_MS);
    const em = this.em();
    await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ id: string; expired: boolean; before: Date | null }[]>(
        `select id, (expires_at is not null and expires_at <= now()) as expired, expires_at as before from access_tokens
         where id = ? and user_id = ? and revoked_at is null for update`,
        [id, user.id],
      );
      if (!row) throw notFound(NO_SUCH_TOKEN);
      if (row.expired) throw conflict('This access token has expired. Create a new one instead.');
      await tx.execute('update access_tokens set expires_at = ? where id = ?', [expiresAt, id]);
      await this.deps.audit.record(tx, {
        userId: user.id, action: 'access_token.extended', targetType: TARGET, targetId: id,
        details: { expiresAt: expiresAt.toISOString(), previousExpiresAt: row.before ? new Date(row.before).toISOString() : null },
      });
    });
    this.deps.logger.info({ userId: user.id, tokenId: id, expiresAt }, 'access token extended');
    return em.findOneOrFail(AccessToken, { id }, { refresh: true });
  }

  /**
   * Revokes one of the user's tokens; NOT_FOUND for another user's, an unknown or an already revoked
   * one. Its next request is refused on every instance (each looks the token up), and its open
   * WebSockets, with their running subscriptions, are closed on every instance (announced).
   */
  async revoke(user: User, id: string): Promise<AccessToken> {
    if (!UUID.test(id)) throw notFound(NO_SUCH_TOKEN);
    const em = this.em();
    await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ id: string; name: string }[]>(
        'update access_tokens set revoked_at = now() where id = ? and user_id = ? and revoked_at is null returning id, name',
        [id, user.id],
      );
      if (!row) throw notFound(NO_SUCH_TOKEN);
      await this.deps.audit.record(tx, { userId: user.id, action: 'access_token.revoked', targetType: TARGET, targetId: id, details: { name: row.name } });
    });
    this.deps.logger.info({ userId: user.id, tokenId: id }, 'access token revoked');
    await this.deps.announceRevoked?.(id);
    return em.findOneOrFail(AccessToken, { id });
  }

  /** The user's latest token events (created, extended, revoked), newest first. */
  activity(user: User): Promise<AuditEventView[]> {
    return this.deps.audit.listFor(user.id, TARGET);
  }

  /** The verifier's port: lookup by hash (one indexed read per request), uses counted in batches. */
  directory(): AccessTokenDirectory {
    return {
      find: (secret) => this.find(secret),
      recordUse: (tokenId) => {
        const entry = this.pending.get(tokenId);
        if (entry) {
          entry.count += 1;
          entry.lastUsedAt = new Date();
        } else this.pending.set(tokenId, { count: 1, lastUsedAt: new Date() });
      },
    };
  }

  private async find(secret: string): Promise<AccessTokenGrant | null> {
    if (!ACCESS_TOKEN_FORMAT.test(secret)) return null;
    const [row] = await this.em().execute<{ id: string; user_id: string; scopes: string[]; expires_at: Date | null }[]>(
      `select t.id, t.user_id, t.scopes, t.expires_at from access_tokens t
       where t.secret_hash = ? and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())`,
      [hashSecret(secret)],
    );
    if (!row) return null;
    const subject = await this.deps.subjectOf(row.user_id);
    if (subject === null) return null;
    return { tokenId: row.id, subject, scopes: row.scopes.filter(isApiScope), expiresAt: row.expires_at ? new Date(row.expires_at) : null };
  }

  /** Writes the uses counted since the last write, in one statement; serialised, so none is lost or counted twice. */
  flushUses(): Promise<void> {
    const next = this.flushing.then(async () => {
      if (!this.pending.size) return;
      const batch = this.pending;
      this.pending = new Map();
      const rows = [...batch];
      try {
        await this.em().execute(
          `update access_tokens t set use_count = t.use_count + u.n, last_used_at = greatest(t.last_used_at, u.at)
           from (values ${rows.map(() => '(?::uuid, ?::int, ?::timestamptz)').join(', ')}) as u(id, n, at) where t.id = u.id`,
          rows.flatMap(([id, uses]) => [id, uses.count, uses.lastUsedAt.toISOString()]),
        );
      } catch (error) {
        // Put them back: the next flush tries again.
        for (const [id, uses] of batch) {
          const later = this.pending.get(id);
          this.pending.set(id, later ? { count: later.count + uses.count, lastUsedAt: later.lastUsedAt } : uses);
        }
        throw error;
      }
    });
    this.flushing = next.catch(() => undefined);
    return next;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushUses().catch((err) => this.deps.logger.warn({ err }, 'access token uses could not be written'));
  }
}
