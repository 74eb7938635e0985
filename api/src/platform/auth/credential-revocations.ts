import type { EventBus } from '../pubsub/event-bus';
import type { Logger } from '../logging/logger';
import type { SqlRunner } from './oidc/sql-runner';

/** The pub/sub channel every api instance hears revocations on. */
export const REVOCATIONS_CHANNEL = 'credential-revocations';

/** What was ended: an identity-provider grant (a sign-in or a connected device) or a personal access token. */
export type RevokedCredential =
  | { readonly kind: 'grant'; readonly grantId: string }
  | { readonly kind: 'access-token'; readonly tokenId: string };

/** What the token verifier and the WebSocket server ask of the revocations. */
export interface RevocationCheck {
  /** Whether the grant an access token came from (its `gid`) was revoked: a memory read, no I/O. */
  isGrantRevoked(grantId: string): boolean;
  /** Called (on this instance) for each revocation heard, whichever instance made it; returns the unsubscribe. */
  onRevoked(listener: (credential: RevokedCredential) => void): () => void;
}

export interface CredentialRevocationsSettings {
  readonly sql: SqlRunner;
  readonly events: EventBus;
  readonly logger: Logger;
  /** How long a grant's revocation is kept, in seconds: the longest an access token can live. */
  readonly grantKeepSeconds: number;
  /**
   * How often the table is read again, in ms, in case an announcement was lost (Redis restarted, say);
   * default 30 s, 0 never. Announcements are what make a revocation hold at once on every instance.
   */
  readonly pollMs?: number;
}

/** A personal token's row only has to outlive a missed announcement (its own row says it is revoked). */
const ACCESS_TOKEN_KEEP_SECONDS = 24 * 60 * 60;
/** Rows read again at each poll: what another instance committed late (its now() is its transaction's start). */
const POLL_OVERLAP_MS = 60_000;

interface RevocationRow {
  kind: string;
  credential_id: string;
  keep_until_ms: string | number;
  revoked_at_ms: string | number;
}

const keyOf = (credential: RevokedCredential) => (credential.kind === 'grant' ? `grant:${credential.grantId}` : `access-token:${credential.tokenId}`);

const credentialOf = (kind: string, id: string): RevokedCredential | null =>
  kind === 'grant' ? { kind, grantId: id } : kind === 'access-token' ? { kind, tokenId: id } : null;

/**
 * Revoked credentials, recorded in PostgreSQL (`credential_revocations`) and announced over the
 * platform pub/sub: every instance keeps the live ones in memory, so the check on each request costs
 * a map lookup, and tells its listeners (cached verifications are dropped, WebSockets closed) the
 * moment it hears of one. A periodic read of the table covers an announcement that was lost.
 */
export class CredentialRevocations implements RevocationCheck {
  /** Revoked credentials heard of, by key, with when their row goes (ms). */
  private readonly known = new Map<string, number>();
  private readonly listeners = new Set<(credential: RevokedCredential) => void>();
  private readonly stop = new AbortController();
  private timer?: NodeJS.Timeout;
  private lastSeenMs = 0;

  constructor(private readonly settings: CredentialRevocationsSettings) {}

  /** Loads the live revocations, listens for announcements and starts the periodic read. */
  async start(): Promise<void> {
    await this.poll();
    const messages = await this.settings.events.subscribe(REVOCATIONS_CHANNEL, this.stop.signal);
    void (async () => {
      for await (const message of messages) {
        const { kind, id, keepUntilMs } = message as { kind?: unknown; id?: unknown; keepUntilMs?: unknown };
        const credential = typeof kind === 'string' && typeof id === 'string' ? credentialOf(kind, id) : null;
        if (credential && typeof keepUntilMs === 'number') this.apply(credential, keepUntilMs);
      }
    })().catch((err: unknown) => this.settings.logger.warn({ err }, 'revocation announcements stopped'));
    const pollMs = this.settings.pollMs ?? 30_000;
    if (pollMs > 0) {
      this.timer = setInterval(() => void this.poll().catch((err: unknown) => this.settings.logger.warn({ err }, 'reading credential revocations failed')), pollMs);
      this.timer.unref();
    }
  }

  isGrantRevoked(grantId: string): boolean {
    const until = this.known.get(`grant:${grantId}`);
    return until !== undefined && until > Date.now();
  }

  onRevoked(listener: (credential: RevokedCredential) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Ends the grants' access tokens on every instance (a sign-out, a revoked refresh token). */
  async revokeGrants(grantIds: readonly string[]): Promise<void> {
    const unique = [...new Set(grantIds.filter(Boolean))];
    if (!unique.length) return;
    await this.record(unique.map((grantId) => ({ kind: 'grant', grantId }) as const), this.settings.grantKeepSeconds);
  }

  /** Ends a revoked personal access token's open operations (WebSocket subscriptions) on every instance. */
  async accessTokenRevoked(tokenId: string): Promise<void> {
    await this.record([{ kind: 'access-token', tokenId }], ACCESS_TOKEN_KEEP_SECONDS);
  }

  async close(): Promise<void> {
    this.stop.abort();
    if (this.timer) clearInterval(this.timer);
  }

  /** Writes the rows (the record that holds for instances started later), applies them here, announces them. */
  private async record(credentials: readonly RevokedCredential[], keepSeconds: number): Promise<void> {
    const keepUntilMs = Date.now() + keepSeconds * 1000;
    const ids = credentials.map((credential) => (credential.kind === 'grant' ? credential.grantId : credential.tokenId));
    await this.settings.sql.query(
      `INSERT INTO credential_revocations (kind, credential_id, revoked_at, keep_until)
       SELECT $1, id, now(), to_timestamp($3::double precision / 1000) FROM unnest($2::text[]) AS id
       ON CONFLICT (kind, credential_id) DO UPDATE SET keep_until = greatest(credential_revocations.keep_until, EXCLUDED.keep_until)`,
      [credentials[0].kind, `{${ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`, keepUntilMs],
    );
    for (const credential of credentials) this.apply(credential, keepUntilMs);
    await Promise.all(
      credentials.map((credential) =>
        this.settings.events
          .publish(REVOCATIONS_CHANNEL, { kind: credential.kind, id: credential.kind === 'grant' ? credential.grantId : credential.tokenId, keepUntilMs })
          // The row stands: the other instances read it at their next poll.
          .catch((err: unknown) => this.settings.logger.warn({ err }, 'a revocation could not be announced')),
      ),
    );
  }

  /** Remembers a revocation and tells the listeners, once per credential. */
  private apply(credential: RevokedCredential, keepUntilMs: number): void {
    const key = keyOf(credential);
    const known = this.known.get(key);
    if (known !== undefined && known >= keepUntilMs) return;
    this.known.set(key, keepUntilMs);
    if (known !== undefined) return;
    for (const listener of this.listeners) {
      try {
        listener(credential);
      } catch (err) {
        this.settings.logger.warn({ err }, 'a revocation listener failed');
      }
    }
  }

  /** Reads the rows written since the last read (all live ones the first time), and forgets expired ones. */
  private async poll(): Promise<void> {
    const since = this.lastSeenMs ? this.lastSeenMs - POLL_OVERLAP_MS : 0;
    const rows = await this.settings.sql.query<RevocationRow>(
      `SELECT kind, credential_id, extract(epoch from keep_until) * 1000 AS keep_until_ms, extract(epoch from revoked_at) * 1000 AS revoked_at_ms
       FROM credential_revocations WHERE keep_until > now() AND revoked_at >= to_timestamp($1::double precision / 1000)`,
      [since],
    );
    for (const row of rows) {
      const credential = credentialOf(row.kind, row.credential_id);
      if (credential) this.apply(credential, Number(row.keep_until_ms));
      this.lastSeenMs = Math.max(this.lastSeenMs, Number(row.revoked_at_ms));
    }
    if (!this.lastSeenMs) this.lastSeenMs = Date.now();
    const now = Date.now();
    for (const [key, until] of this.known) if (until <= now) this.known.delete(key);
    await this.settings.sql.query('DELETE FROM credential_revocations WHERE keep_until <= now()');
  }
}
