import { Migration } from '@mikro-orm/migrations';

export class Migration20261125144115 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "payout_events" ("id" text not null, "type" text not null, "processed_at" timestamptz not null, constraint "payout_events_pkey" primary key ("id"));`);

    this.addSql(`create table "producers" ("id" uuid not null, "user_id" uuid not null, "first_name" text not null, "last_name" text not null, "birth_date" date not null, "prod_name" text not null, "prod_name_key" text not null, "prod_email" text not null, "prod_pro" text null, "prod_pro_id" text null, "prod_masters_info" text null, "price_standard_cents" int not null, "price_advanced_cents" int not null, "price_exclabel_cents" int not null, "price_excindie_cents" int not null, "standlease_terms" jsonb not null, "advancedlease_terms" jsonb not null, "exclabel_terms" jsonb not null, "excindie_terms" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "producers_pkey" primary key ("id"), constraint producers_prices_check check (price_standard_cents > 0 and price_advanced_cents > 0 and price_exclabel_cents > 0 and price_excindie_cents > 0 and greatest(price_standard_cents, price_advanced_cents, price_exclabel_cents, price_excindie_cents) <= 10000000));`);
    this.addSql(`alter table "producers" add constraint "producers_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "producers" add constraint "producers_prod_name_key_unique" unique ("prod_name_key");`);
    this.addSql(`create index "producers_created_at_index" on "producers" ("created_at");`);

    this.addSql(`create table "producer_upload_days" ("producer_id" uuid not null, "day" date not null, "requests" int not null, constraint "producer_upload_days_pkey" primary key ("producer_id", "day"));`);

    this.addSql(`create table "payout_accounts" ("id" text not null, "producer_id" uuid not null, "provider" text not null, "details_submitted" boolean not null default false, "charges_enabled" boolean not null default false, "payouts_enabled" boolean not null default false, "requirements_due" text[] not null, "disabled_reason" text null, "balance_cents" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "payout_accounts_pkey" primary key ("id"));`);
    this.addSql(`alter table "payout_accounts" add constraint "payout_accounts_producer_id_unique" unique ("producer_id");`);

    this.addSql(`alter table "producers" add constraint "producers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "producer_upload_days" add constraint "producer_upload_days_producer_id_foreign" foreign key ("producer_id") references "producers" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payout_accounts" add constraint "payout_accounts_producer_id_foreign" foreign key ("producer_id") references "producers" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" drop column "stripe_account_id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "producer_upload_days" drop constraint "producer_upload_days_producer_id_foreign";`);

    this.addSql(`alter table "payout_accounts" drop constraint "payout_accounts_producer_id_foreign";`);

    this.addSql(`drop table if exists "payout_events" cascade;`);

    this.addSql(`drop table if exists "producers" cascade;`);

    this.addSql(`drop table if exists "producer_upload_days" cascade;`);

    this.addSql(`drop table if exists "payout_accounts" cascade;`);

    this.addSql(`alter table "users" add column "stripe_account_id" text null;`);
  }

}
