import { Migration } from '@mikro-orm/migrations';

export class Migration20261127193616 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "credential_revocations" ("kind" text not null, "credential_id" text not null, "revoked_at" timestamptz not null default now(), "keep_until" timestamptz not null, constraint "credential_revocations_pkey" primary key ("kind", "credential_id"));`);
    this.addSql(`create index "credential_revocations_revoked_at_index" on "credential_revocations" ("revoked_at");`);

    this.addSql(`create table "audit_events" ("id" uuid not null, "user_id" uuid not null, "action" text not null, "target_type" text not null, "target_id" text not null, "details" jsonb null, "created_at" timestamptz not null default now(), constraint "audit_events_pkey" primary key ("id"));`);
    this.addSql(`create index "audit_events_user_created_index" on "audit_events" ("user_id", "created_at");`);

    this.addSql(`alter table "audit_events" add constraint "audit_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "credential_revocations" cascade;`);

    this.addSql(`drop table if exists "audit_events" cascade;`);
  }

}
