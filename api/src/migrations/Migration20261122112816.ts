import { Migration } from '@mikro-orm/migrations';

export class Migration20261122112816 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_secrets" ("name" text not null, "value" text not null, "created_at" timestamptz not null, constraint "app_secrets_pkey" primary key ("name"));`);

    this.addSql(`create table "users" ("id" uuid not null, "subject" text not null, "email" text not null, "username" text not null, "username_key" text not null, "password_hash" text null, "user_type" text null, "creator_name" text null, "fname" text null, "lname" text null, "country" text null, "image_key" text null, "subscription_level" smallint not null default 1, "tokens_remaining" int not null default 25, "is_admin" boolean not null default false, "stripe_account_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "users_pkey" primary key ("id"), constraint users_tokens_remaining_check check (tokens_remaining >= 0));`);
    this.addSql(`alter table "users" add constraint "users_subject_unique" unique ("subject");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`create index "users_created_at_index" on "users" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "app_secrets" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }

}
