import { Migration } from '@mikro-orm/migrations';

export class Migration20261125205625 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "access_tokens" ("id" uuid not null, "user_id" uuid not null, "name" text not null, "secret_hash" text not null, "hint" text not null, "scopes" text[] not null, "created_at" timestamptz not null, "expires_at" timestamptz null, "last_used_at" timestamptz null, "use_count" bigint not null default 0, "revoked_at" timestamptz null, constraint "access_tokens_pkey" primary key ("id"));`);
    this.addSql(`alter table "access_tokens" add constraint "access_tokens_secret_hash_unique" unique ("secret_hash");`);
    this.addSql(`create index "access_tokens_user_created_index" on "access_tokens" ("user_id", "created_at");`);

    this.addSql(`alter table "access_tokens" add constraint "access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "access_tokens" cascade;`);
  }

}
