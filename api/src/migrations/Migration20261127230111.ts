import { Migration } from '@mikro-orm/migrations';

/**
 * Billing's state of each account (subscription level, generation credits, credit cycle) moves from
 * accounts' `users` table to billing's own `billing_accounts`, one row per account, every value
 * copied as it was. down() copies them back. Tested on a populated copy:
 * test/billing/billing-accounts-migration.test.ts.
 */
export class Migration20261127230111 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "billing_accounts" ("user_id" uuid not null, "level" smallint not null default 1, "credits" int not null default 0, "cycle_start" timestamptz null, "cycle_end" timestamptz null, "updated_at" timestamptz not null default now(), constraint "billing_accounts_pkey" primary key ("user_id"), constraint billing_accounts_credits_check check (credits >= 0));`);

    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`insert into "billing_accounts" ("user_id", "level", "credits", "cycle_start", "cycle_end", "updated_at")
      select "id", "subscription_level", "tokens_remaining", "tokens_period_start", "tokens_period_end", "updated_at" from "users";`);

    this.addSql(`alter table "users" drop constraint users_tokens_remaining_check;`);
    this.addSql(`alter table "users" drop column "subscription_level", drop column "tokens_remaining", drop column "tokens_period_start", drop column "tokens_period_end";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" add column "subscription_level" smallint not null default 1, add column "tokens_remaining" int not null default 0, add column "tokens_period_start" timestamptz null, add column "tokens_period_end" timestamptz null;`);
    this.addSql(`alter table "users" add constraint users_tokens_remaining_check check(tokens_remaining >= 0);`);

    // An account billing never touched since up() has no row: it keeps the columns' defaults (Free, no credits, no cycle).
    this.addSql(`update "users" set "subscription_level" = b."level", "tokens_remaining" = b."credits", "tokens_period_start" = b."cycle_start", "tokens_period_end" = b."cycle_end"
      from "billing_accounts" b where b."user_id" = "users"."id";`);

    this.addSql(`drop table if exists "billing_accounts" cascade;`);
  }

}
