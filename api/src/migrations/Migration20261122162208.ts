import { Migration } from '@mikro-orm/migrations';

export class Migration20261122162208 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payment_events" ("id" text not null, "type" text not null, "processed_at" timestamptz not null, constraint "payment_events_pkey" primary key ("id"));`);

    this.addSql(`create table "token_ledger" ("id" uuid not null, "user_id" uuid not null, "delta" int not null, "balance_after" int not null, "kind" text not null, "reason" text not null, "job_id" uuid null, "created_at" timestamptz not null, constraint "token_ledger_pkey" primary key ("id"));`);
    this.addSql(`create index "token_ledger_user_created_index" on "token_ledger" ("user_id", "created_at");`);

    this.addSql(`create table "subscriptions" ("id" uuid not null, "user_id" uuid not null, "provider" text not null, "provider_subscription_id" text not null, "provider_customer_id" text null, "level" smallint not null, "pending_level" smallint null, "status" text not null, "current_period_start" timestamptz not null, "current_period_end" timestamptz not null, "cancel_at_period_end" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subscriptions_pkey" primary key ("id"));`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_provider_subscription_id_unique" unique ("provider_subscription_id");`);
    this.addSql(`create index "subscriptions_user_status_index" on "subscriptions" ("user_id", "status");`);

    this.addSql(`create table "checkout_sessions" ("id" text not null, "user_id" uuid not null, "provider" text not null, "level" smallint not null, "amount_cents" int not null, "currency" text not null, "status" text not null default 'open', "subscription_id" text null, "created_at" timestamptz not null, "completed_at" timestamptz null, constraint "checkout_sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "checkout_sessions_user_id_index" on "checkout_sessions" ("user_id");`);

    this.addSql(`alter table "token_ledger" add constraint "token_ledger_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "checkout_sessions" add constraint "checkout_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add column "tokens_period_start" timestamptz null, add column "tokens_period_end" timestamptz null;`);
    this.addSql(`alter table "users" alter column "tokens_remaining" type int using ("tokens_remaining"::int);`);
    this.addSql(`alter table "users" alter column "tokens_remaining" set default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_events" cascade;`);

    this.addSql(`drop table if exists "token_ledger" cascade;`);

    this.addSql(`drop table if exists "subscriptions" cascade;`);

    this.addSql(`drop table if exists "checkout_sessions" cascade;`);

    this.addSql(`alter table "users" drop column "tokens_period_start", drop column "tokens_period_end";`);

    this.addSql(`alter table "users" alter column "tokens_remaining" type int4 using ("tokens_remaining"::int4);`);
    this.addSql(`alter table "users" alter column "tokens_remaining" set default 25;`);
  }

}
