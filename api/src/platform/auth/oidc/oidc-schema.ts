/**
 * Tables of the built-in identity provider. The app's MikroORM migration runs these statements; the
 * ORM's schema diff ignores `oidc_*` tables (see platform/db/orm.ts), so they are owned here.
 *
 * - `oidc_payloads`: every oidc-provider model (Session, Interaction, AuthorizationCode,
 *   RefreshToken, Grant, ...) as JSON, with the columns the adapter looks things up by. Expired rows
 *   are invisible to reads and pruned periodically.
 * - `oidc_keys`: the JWKS that signs tokens and the keys that sign cookies, created by whichever
 *   instance starts first and shared by all of them.
 */
export const OIDC_SCHEMA_UP: string[] = [
  `CREATE TABLE IF NOT EXISTS oidc_payloads (
    model text NOT NULL,
    id text NOT NULL,
    payload jsonb NOT NULL,
    grant_id text,
    user_code text,
    uid text,
    account_id text,
    expires_at timestamptz,
    PRIMARY KEY (model, id)
  )`,
  'CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id_idx ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS oidc_payloads_user_code_idx ON oidc_payloads (model, user_code) WHERE user_code IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS oidc_payloads_uid_idx ON oidc_payloads (model, uid) WHERE uid IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS oidc_payloads_account_id_idx ON oidc_payloads (account_id) WHERE account_id IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS oidc_payloads_expires_at_idx ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL',
  `CREATE TABLE IF NOT EXISTS oidc_keys (
    name text PRIMARY KEY,
    value jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export const OIDC_SCHEMA_DOWN: string[] = ['DROP TABLE IF EXISTS oidc_keys', 'DROP TABLE IF EXISTS oidc_payloads'];
