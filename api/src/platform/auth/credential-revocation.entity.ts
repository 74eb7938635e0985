import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A credential ended before its time: an identity-provider grant (a browser sign-in or a connected
 * device, whose JWT access tokens carry its id as `gid`) or a personal access token. Every api
 * instance keeps the live rows in memory (credential-revocations.ts); a row goes once no token it
 * covers can still be valid (`keep_until`).
 */
@Entity({ tableName: 'credential_revocations' })
@Index({ name: 'credential_revocations_revoked_at_index', properties: ['revokedAt'] })
export class CredentialRevocation {
  /** 'grant' or 'access-token'. */
  @PrimaryKey({ type: 'text' })
  kind!: string;

  @PrimaryKey({ type: 'text' })
  credentialId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  revokedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  keepUntil!: Date;
}
