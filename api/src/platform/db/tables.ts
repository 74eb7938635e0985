/**
 * The tables the infrastructure owns (secrets, the mail outbox, revoked credentials, the identity
 * provider's state, the migrations' log). Modules use them through platform/ code, never by name;
 * test/architecture/table-ownership.test.ts holds every module to it.
 */
export const PLATFORM_TABLES = ['app_secrets', 'mail_outbox', 'credential_revocations', 'oidc_payloads', 'oidc_keys', 'mikro_orm_migrations'] as const;
