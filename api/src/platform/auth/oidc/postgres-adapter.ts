import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { SqlRunner } from './sql-runner';

/** Rows that are not expired; expired ones stay invisible until `pruneExpiredPayloads` removes them. */
const LIVE = '(expires_at IS NULL OR expires_at > now())';

interface PayloadRow {
  payload: AdapterPayload | string;
}

const parse = (row: PayloadRow | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  // pg parses jsonb; an executor that returns text is tolerated too.
  return typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
};

/**
 * oidc-provider's storage for one model (Session, Interaction, AuthorizationCode, RefreshToken,
 * Grant, ...) in `oidc_payloads`, so any api instance can continue what another one started.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly sql: SqlRunner,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const accountId = payload.accountId ?? payload.session?.accountId ?? null;
    await this.sql.query(
      `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, account_id, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, now() + $8::double precision * interval '1 second')
       ON CONFLICT (model, id) DO UPDATE SET
         payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
         uid = EXCLUDED.uid, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        accountId,
        typeof expiresIn === 'number' ? expiresIn : null,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const rows = await this.sql.query<PayloadRow>(
      `SELECT payload FROM oidc_payloads WHERE model = $1 AND id = $2 AND ${LIVE}`,
      [this.model, id],
    );
    return parse(rows[0]);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const rows = await this.sql.query<PayloadRow>(
      `SELECT payload FROM oidc_payloads WHERE model = $1 AND user_code = $2 AND ${LIVE}`,
      [this.model, userCode],
    );
    return parse(rows[0]);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const rows = await this.sql.query<PayloadRow>(
      `SELECT payload FROM oidc_payloads WHERE model = $1 AND uid = $2 AND ${LIVE}`,
      [this.model, uid],
    );
    return parse(rows[0]);
  }

  async consume(id: string): Promise<void> {
    await this.sql.query(
      `UPDATE oidc_payloads SET payload = payload || jsonb_build_object('consumed', $3::bigint)
       WHERE model = $1 AND id = $2`,
      [this.model, id, Math.floor(Date.now() / 1000)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE model = $1 AND grant_id = $2', [this.model, grantId]);
  }
}

/** The adapter factory oidc-provider's `adapter` option takes. */
export function postgresAdapterFactory(sql: SqlRunner): (model: string) => Adapter {
  return (model) => new PostgresAdapter(model, sql);
}

/**
 * Deletes every stored artefact of an account: sessions, grants, refresh tokens, authorization
 * codes and interactions in flight. Resolves with how many rows went.
 */
export async function deleteAccountPayloads(sql: SqlRunner, accountId: string): Promise<number> {
  const rows = await sql.query('DELETE FROM oidc_payloads WHERE account_id = $1 RETURNING model', [accountId]);
  return rows.length;
}

/** Removes expired rows; any instance may run it, at any time. */
export async function pruneExpiredPayloads(sql: SqlRunner): Promise<number> {
  const rows = await sql.query('DELETE FROM oidc_payloads WHERE expires_at <= now() RETURNING model');
  return rows.length;
}
