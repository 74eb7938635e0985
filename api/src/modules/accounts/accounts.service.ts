import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException, type EntityData } from '@mikro-orm/core';
import { badInput, conflict, notFound } from '../../platform/errors';
import type { AccountDirectory, EmailConfirmationResult, IdentityAccount, RegistrationInput } from '../../platform/auth/identity-port';
import type { BlobStore } from '../../platform/storage/blob-store';
import { newBlobKey } from '../../platform/storage/blob-store';
import { MAX_PROFILE_IMAGE_BYTES, sniffImageType } from '../../platform/storage/sniff-content-type';
import type { Logger } from '../../platform/logging/logger';
import { parseInput } from '../../platform/validation';
import { profileInputSchema, registrationSchema, syncUserSchema, type ProfileInput } from './accounts.schemas';
import { createPasswordHasher, type HashStats, type PasswordHasher } from './password';
import { passwordProblem } from './password-policy';
import type { EmailConfirmation } from './email-confirmation';
import type { OutgoingMail } from '../../platform/mail/mail-outbox';
import { TooManyRequestsError, type RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { User } from './user.entity';

/** Claims of a verified access token that identify its user. */
export interface TokenIdentity {
  readonly sub: string;
  readonly email?: string;
  /** The issuer verified `email` (an external provider's `email_verified` claim). */
  readonly emailVerified?: boolean;
  readonly username?: string;
}

/** An account the platform itself owns (its subject starts with `system:`, which no provider issues). */
export interface SystemAccount {
  readonly subject: `system:${string}`;
  readonly email: string;
  readonly username: string;
  readonly userType: 'system';
}

export interface ProfileImage {
  readonly bytes: Buffer;
}

interface AccountsServiceDeps {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  /**
   * ADMIN_EMAILS: honoured only for an email an external identity provider verified. Never for a
   * self-registered local account, never from a value the client sends (see docs/decisions.md).
   */
  readonly adminEmails: readonly string[];
  /** Password hashing behind its concurrency gate; default scrypt with the default gate. */
  readonly hasher?: PasswordHasher;
  /**
   * Email confirmation of local accounts (the built-in provider): a new account's free tokens wait
   * for it (docs/decisions.md "Registration and sign-in abuse"). Absent, nothing is mailed.
   */
  readonly confirmation?: {
    readonly links: EmailConfirmation;
    readonly mail: { enqueue(mail: OutgoingMail, dedupKey: string): Promise<unknown> };
    /** Limits new links per account (`resendConfirmation`). */
    readonly resendLimiter: RateLimiter;
  };
}

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const toIdentity = (user: User): IdentityAccount => ({
  id: user.id,
  email: user.email,
  username: user.username,
  name: [user.fname, user.lname].filter(Boolean).join(' ') || user.username,
});

/**
 * Accounts: local registration and sign-in (for the built-in identity provider), resolving the
 * user behind a token, and the profile. Every method is one unit of work on its own fork.
 */
/** An account as the admin's user list shows it (requirements §P3 "User (admin list)"). */
export interface AdminUserRow {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly createdAt: Date;
}

/** An account of the built-in provider: its subject is its own id (external ones carry the issuer's). */
const isLocal = (user: Pick<User, 'id' | 'subject'>) => user.id === user.subject;

export class AccountsService {
  private readonly hasher: PasswordHasher;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.hasher = deps.hasher ?? createPasswordHasher();
  }

  /** Password hashing's counters (work done, waiting, refused), for operators and tests. */
  passwordHashing(): HashStats {
    return this.hasher.stats();
  }

  /** The users table's columns but the lazy ones (the password hash), quoted, for {@link userBySubject}. */
  private userColumns?: string;

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  /** The port the identity provider signs people in through. */
  directory(): AccountDirectory {
    return {
      findById: async (id) => {
        const user = await this.em().findOne(User, { id });
        return user ? toIdentity(user) : null;
      },
      lookup: async (login) => (await this.findByLogin(login))?.id ?? null,
      authenticate: async (login, password) => {
        const user = await this.authenticate(login, password);
        return user ? toIdentity(user) : null;
      },
      register: async (input) => toIdentity(await this.register(input)),
      confirmEmail: (token) => this.confirmEmail(token),
    };
  }

  /**
   * Creates a local account and mails its confirmation link. Cheap refusals come first and cost no
   * hash: the input (BAD_USER_INPUT, `details.field` naming the field), then a taken email or
   * username (CONFLICT). `emailConfirmed` is for accounts the operator creates (the demo accounts).
   */
  async register(input: RegistrationInput, options: { emailConfirmed?: boolean } = {}): Promise<User> {
    const { email, username, password } = parseInput(registrationSchema, input);
    const problem = passwordProblem(password, { email, username });
    if (problem) throw badInput(problem, { field: 'password' });
    const em = this.em();
    const usernameKey = username.toLowerCase();
    if (await em.count(User, { $or: [{ email }, { usernameKey }] })) throw conflict('That email or username is already registered.');
    const user = em.create(User, {
      subject: '',
      email,
      username,
      usernameKey,
      passwordHash: await this.hasher.hash(password),
      emailVerified: options.emailConfirmed === true,
    });
    user.subject = user.id;
    try {
      await em.flush();
    } catch (error) {
      // Two registrations of one name raced past the check above.
      if (error instanceof UniqueConstraintViolationException) throw conflict('That email or username is already registered.');
      throw error;
    }
    this.deps.logger.info({ userId: user.id }, 'account registered');
    if (!user.emailVerified) {
      // The account stands without the mail: a failed enqueue is logged, and the user can ask again.
      await this.mailConfirmation(user, 'registration').catch((err: unknown) =>
        this.deps.logger.warn({ err, userId: user.id }, 'confirmation mail not queued'),
      );
    }
    return user;
  }

  /** The account a login (email or username, any case) names, with its password hash, or null. */
  private async findByLogin(login: string): Promise<User | null> {
    const key = login.trim().toLowerCase();
    if (!key) return null;
    return this.em().findOne(User, { $or: [{ email: key }, { usernameKey: key }] }, { populate: ['passwordHash'] });
  }

  /**
   * Resolves a login (email or username) and password to its account, or null. An unknown login, or
   * an account without a password, costs the same hash as a known one (against a hash no password
   * matches), so the answer's timing does not tell whether the account exists.
   */
  async authenticate(login: string, password: string): Promise<User | null> {
    if (!login.trim() || !password) return null;
    const user = await this.findByLogin(login);
    if (!user?.passwordHash) return this.hasher.verifyNothing(password).then(() => null);
    return (await this.hasher.verify(password, user.passwordHash)) ? user : null;
  }

  /**
   * True while a new local account's free credits wait for its email confirmation: it is unconfirmed
   * and has never had a credit cycle (billing knows: accounts from before confirmation existed, and
   * accounts that paid for a plan, have one and are not held back).
   */
  freeTokensAwaitConfirmation(user: User, hadCreditCycle: boolean): boolean {
    return isLocal(user) && !user.emailVerified && !hadCreditCycle;
  }

  /** Opens a confirmation link (the identity provider's `/confirm-email` page). */
  async confirmEmail(token: string): Promise<EmailConfirmationResult> {
    const read = this.deps.confirmation?.links.read(token);
    if (!read) return 'invalid';
    const user = await this.em().findOne(User, { id: read.userId }, { fields: ['id', 'subject', 'email', 'emailVerified'] });
    if (!user || !isLocal(user) || !read.matches(user.email)) return 'invalid';
    if (user.emailVerified) return 'already-confirmed';
    if (read.expired) return 'expired';
    await this.em().nativeUpdate(User, { id: user.id, email: user.email }, { emailVerified: true, updatedAt: new Date() });
    this.deps.logger.info({ userId: user.id }, 'email confirmed');
    return 'confirmed';
  }

  /** Mails a new confirmation link; a few an hour per account (TOO_MANY_REQUESTS past them). */
  async resendConfirmation(user: User): Promise<string> {
    const confirmation = this.deps.confirmation;
    if (!isLocal(user) || !confirmation) throw conflict('Your email address is confirmed by your sign-in provider.');
    if (user.emailVerified) throw conflict('Your email address is already confirmed.');
    const decision = await confirmation.resendLimiter.consume(user.id);
    if (!decision.allowed) {
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new TooManyRequestsError(`We have sent several links already. Ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, decision.retryAfterSeconds);
    }
    await this.mailConfirmation(user, `resend:${Date.now()}`);
    return `We sent a new confirmation link to ${user.email}.`;
  }

  private async mailConfirmation(user: User, occasion: string): Promise<void> {
    const confirmation = this.deps.confirmation;
    if (!confirmation) return;
    await confirmation.mail.enqueue(confirmation.links.mail(user), `email-confirmation:${user.id}:${occasion}`);
  }

  async findById(id: string): Promise<User | null> {
    return this.em().findOne(User, { id });
  }

  async getById(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw notFound('Account not found.');
    return user;
  }

  /**
   * The user behind a verified token. A first visit from an external identity provider creates the
   * account from the token's claims (refined later by `syncUser`). An email the provider verified and
   * ADMIN_EMAILS names makes the account admin; an unverified one never does.
   */
  async resolveTokenUser(identity: TokenIdentity): Promise<User> {
    const em = this.em();
    const email = identity.email?.toLowerCase();
    const verifiedAdmin = identity.emailVerified === true && email !== undefined && this.deps.adminEmails.includes(email);
    const existing = await this.userBySubject(em, identity.sub);
    if (existing) {
      if (!verifiedAdmin || existing.isAdmin || existing.email !== email) return existing;
      await em.nativeUpdate(User, { id: existing.id }, { isAdmin: true });
      this.deps.logger.info({ userId: existing.id }, 'admin granted by ADMIN_EMAILS (verified email)');
      return this.getById(existing.id);
    }
    const accountEmail = email ?? `${identity.sub.replace(/[^A-Za-z0-9]/g, '_')}@users.invalid`;
    if (identity.emailVerified && email) await this.releaseUnverifiedEmail(email);
    const username = await this.freeUsername(em, identity.username ?? accountEmail.split('@')[0]);
    const user = em.create(User, {
      subject: identity.sub,
      email: accountEmail,
      emailVerified: identity.emailVerified === true,
      username,
      usernameKey: username.toLowerCase(),
      isAdmin: verifiedAdmin,
    });
    try {
      await em.flush();
      if (verifiedAdmin) this.deps.logger.info({ userId: user.id }, 'admin granted by ADMIN_EMAILS (verified email)');
      return user;
    } catch (error) {
      // Two first requests raced; the other one created the account.
      if (error instanceof UniqueConstraintViolationException) {
        const raced = await this.em().findOne(User, { subject: identity.sub });
        if (raced) return raced;
        throw conflict('That email is already registered to another account.');
      }
      throw error;
    }
  }

  /**
   * The account of a token's subject: every authenticated request asks, so it is one indexed query
   * in plain SQL, its row converted by the driver, without the ORM's query builder and identity map
   * (building the same query and merging the row into a fresh entity manager each time took over
   * half of a request's CPU under load). The entity is detached, as one from a request's own fork
   * always was: services read it, and write through their own queries.
   */
  private async userBySubject(em: EntityManager, subject: string): Promise<User | null> {
    const meta = em.getMetadata().get(User);
    this.userColumns ??= meta.props.filter((prop) => !prop.lazy).flatMap((prop) => prop.fieldNames).map((name) => `"${name}"`).join(', ');
    const row = await em.getConnection().execute<EntityData<User>>(`select ${this.userColumns} from users where subject = ? limit 1`, [subject], 'get');
    if (!row) return null;
    return Object.assign(Object.create(User.prototype) as User, em.getDriver().mapResult(row, meta));
  }

  /**
   * A verified owner of an email takes it from an account that only claimed it (a self-registered
   * local account, or an external one whose provider did not verify it): that account keeps
   * everything else and signs in by username; its email becomes `<id>@unverified.invalid`.
   */
  private async releaseUnverifiedEmail(email: string): Promise<void> {
    const holder = await this.em().findOne(User, { email, emailVerified: false });
    if (!holder) return;
    await this.em().nativeUpdate(User, { id: holder.id, emailVerified: false }, { email: `${holder.id}@unverified.invalid`, updatedAt: new Date() });
    this.deps.logger.warn({ userId: holder.id }, 'an unverified account gave up an email its verified owner signed in with');
  }

  /**
   * The client's "send user data" call after sign-in. Local accounts already hold both values; for
   * an external provider's account it records the email and username the provider showed the user.
   */
  async syncUser(user: User, input: unknown): Promise<User> {
    const data = parseInput(syncUserSchema, input);
    if (user.id === user.subject) return user;
    const em = this.em();
    const changes: Partial<User> = {};
    if (data.email !== user.email) {
      changes.email = data.email;
      changes.emailVerified = false; // the client's word, not the provider's
    }
    if (data.username !== user.username) {
      changes.username = await this.freeUsername(em, data.username);
      changes.usernameKey = changes.username.toLowerCase();
    }
    if (Object.keys(changes).length === 0) return user;
    try {
      await em.nativeUpdate(User, { id: user.id }, { ...changes, updatedAt: new Date() });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw conflict('That email is already registered to another account.');
      throw error;
    }
    return this.getById(user.id);
  }

  /**
   * Saves the fields given (and only those, so two saves of different fields never undo each other)
   * and, optionally, a new picture. Nothing changes and no blob stays behind when anything fails.
   */
  async updateProfile(userId: string, input: ProfileInput, image?: ProfileImage): Promise<User> {
    const changes = parseInput(profileInputSchema, input);
    const picture = image ? this.checkImage(image) : undefined;
    const before = await this.getById(userId);
    let newKey: string | undefined;
    if (picture) {
      newKey = newBlobKey('images', EXTENSION[picture.contentType]);
      await this.deps.blobs.put(newKey, image!.bytes, { contentType: picture.contentType });
    }
    const update: Partial<User> = { updatedAt: new Date() };
    for (const [field, value] of Object.entries(changes)) {
      if (value !== undefined) (update as Record<string, unknown>)[field] = value;
    }
    if (newKey) update.imageKey = newKey;
    try {
      await this.em().nativeUpdate(User, { id: userId }, update);
    } catch (error) {
      if (newKey) await this.deps.blobs.delete(newKey).catch(() => undefined);
      throw error;
    }
    if (newKey && before.imageKey) {
      await this.deps.blobs.delete(before.imageKey).catch((error: unknown) =>
        this.deps.logger.warn({ err: error, key: before.imageKey }, 'old profile picture not deleted'),
      );
    }
    return this.getById(userId);
  }

  /** A signed, expiring address of the user's picture, or null. */
  async imageUrl(user: User): Promise<string | null> {
    return user.imageKey ? this.deps.blobs.signedUrl(user.imageKey) : null;
  }

  /** Makes the accounts with these emails admins (the first-start demo admin). Returns how many changed. */
  async grantAdmin(emails: readonly string[]): Promise<number> {
    if (!emails.length) return 0;
    return this.em().nativeUpdate(User, { email: { $in: emails.map((e) => e.toLowerCase()) }, isAdmin: false }, { isAdmin: true });
  }

  /**
   * The id of a system account (no password, no provider subject anyone can sign in with), created
   * on first use; safe when instances race.
   */
  async systemAccountId(account: SystemAccount): Promise<string> {
    const existing = await this.findSystemAccountId(account.subject);
    if (existing) return existing;
    const em = this.em();
    em.create(User, { ...account, usernameKey: account.username.toLowerCase() });
    try {
      await em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    return (await this.em().findOneOrFail(User, { subject: account.subject }, { fields: ['id'] })).id;
  }

  /** A system account's id, or null while it has never been needed. */
  async findSystemAccountId(subject: SystemAccount['subject']): Promise<string | null> {
    return (await this.em().findOne(User, { subject }, { fields: ['id'] }))?.id ?? null;
  }

  /** The ids of every system account (platform statistics leave their doings out). */
  async systemAccountIds(): Promise<string[]> {
    return (await this.em().find(User, { userType: 'system' }, { fields: ['id'] })).map((u) => u.id);
  }

  /** The names beats credit people by (creator name, else username), by account id. */
  async displayNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const users = await this.em().find(User, { id: { $in: [...ids] } }, { fields: ['id', 'creatorName', 'username'] });
    return new Map(users.map((u) => [u.id, u.creatorName || u.username]));
  }

  /** Who each account is (username and email), for lists other modules show; unknown ids are left out. */
  async identitiesOf(ids: readonly string[]): Promise<Map<string, { username: string; email: string }>> {
    if (!ids.length) return new Map();
    const users = await this.em().find(User, { id: { $in: [...ids] } }, { fields: ['id', 'username', 'email'] });
    return new Map(users.map((u) => [u.id, { username: u.username, email: u.email }]));
  }

  async countUsers(): Promise<number> {
    return this.em().count(User);
  }

  /**
   * Accounts for the admin's list, newest first; `search` matches part of an email or username
   * (case-insensitive). With the total matching, for the page count.
   */
  async adminPage(offset: number, limit: number, search?: string): Promise<{ rows: AdminUserRow[]; total: number }> {
    const connection = this.em().getConnection();
    const pattern = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = pattern ? `where email like ? or username_key like ?` : '';
    const params = pattern ? [pattern, pattern] : [];
    const [rows, [{ total }]] = await Promise.all([
      connection.execute<{ id: string; username: string; email: string; created_at: Date }[]>(
        `select id, username, email, created_at from users ${where} order by created_at desc, id desc limit ? offset ?`,
        [...params, limit, offset],
      ),
      connection.execute<{ total: string }[]>(`select count(*) as total from users ${where}`, params),
    ]);
    return { total: Number(total), rows: rows.map((r) => ({ userId: r.id, username: r.username, email: r.email, createdAt: new Date(r.created_at) })) };
  }

  private checkImage(image: ProfileImage): { contentType: string } {
    if (image.bytes.length > MAX_PROFILE_IMAGE_BYTES) throw badInput('The picture must be at most 5 MB.', { field: 'image' });
    const contentType = sniffImageType(image.bytes);
    if (!contentType) throw badInput('The picture must be a PNG, JPEG or WebP image.', { field: 'image' });
    return { contentType };
  }

  private async freeUsername(em: EntityManager, wanted: string): Promise<string> {
    const base = wanted.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24) || 'user';
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? base : `${base}${Math.floor(Math.random() * 10_000)}`;
      if (!(await em.count(User, { usernameKey: candidate.toLowerCase() }))) return candidate;
    }
    return `${base}${Date.now()}`;
  }
}
