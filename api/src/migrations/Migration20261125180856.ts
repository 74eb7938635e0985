import { Migration } from '@mikro-orm/migrations';

export class Migration20261125180856 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mail_outbox" ("id" uuid not null, "dedup_key" text not null, "to_address" text not null, "subject" text not null, "text" text not null, "attachments" jsonb not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "locked_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "sent_at" timestamptz null, constraint "mail_outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("status", "next_attempt_at");`);
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_dedup_key_unique" unique ("dedup_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
  }

}
