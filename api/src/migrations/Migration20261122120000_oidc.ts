import { Migration } from '@mikro-orm/migrations';
import { OIDC_SCHEMA_DOWN, OIDC_SCHEMA_UP } from '../platform/auth/oidc/oidc-schema';

/** The built-in identity provider's store (sessions, grants, tokens, keys). */
export class Migration20261122120000_oidc extends Migration {
  override async up(): Promise<void> {
    for (const sql of OIDC_SCHEMA_UP) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const sql of OIDC_SCHEMA_DOWN) this.addSql(sql);
  }
}
