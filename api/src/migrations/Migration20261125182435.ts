import { Migration } from '@mikro-orm/migrations';

export class Migration20261125182435 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "subscription_payments" ("id" uuid not null, "user_id" uuid not null, "provider" text not null, "provider_payment_id" text not null, "refund_reference" text null, "provider_subscription_id" text not null, "level" smallint not null, "amount_cents" int not null, "currency" text not null, "paid_at" timestamptz not null, "refunded_cents" int not null default 0, "refunded_at" timestamptz null, "refund_id" text null, "refunded_by" uuid null, constraint "subscription_payments_pkey" primary key ("id"), constraint subscription_payments_amounts_check check (amount_cents >= 0 and refunded_cents >= 0 and refunded_cents <= amount_cents));`);
    this.addSql(`create index "subscription_payments_user_id_index" on "subscription_payments" ("user_id");`);
    this.addSql(`alter table "subscription_payments" add constraint "subscription_payments_provider_payment_id_unique" unique ("provider_payment_id");`);
    this.addSql(`create index "subscription_payments_level_index" on "subscription_payments" ("level");`);
    this.addSql(`create index "subscription_payments_paid_at_id_index" on "subscription_payments" ("paid_at", "id");`);

    this.addSql(`create table "admin_audit_entries" ("id" uuid not null, "admin_id" uuid null, "admin_email" text not null, "action" text not null, "target_type" text not null, "target_id" text not null, "reason" text not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null, constraint "admin_audit_entries_pkey" primary key ("id"));`);
    this.addSql(`create index "admin_audit_entries_admin_id_index" on "admin_audit_entries" ("admin_id");`);
    this.addSql(`create index "admin_audit_entries_created_index" on "admin_audit_entries" ("created_at", "id");`);

    this.addSql(`alter table "subscription_payments" add constraint "subscription_payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "admin_audit_entries" add constraint "admin_audit_entries_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create index "users_created_at_id_index" on "users" ("created_at", "id");`);

    this.addSql(`alter table "token_ledger" add column "admin_id" uuid null;`);

    this.addSql(`create index "producers_created_at_id_index" on "producers" ("created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscription_payments" cascade;`);

    this.addSql(`drop table if exists "admin_audit_entries" cascade;`);

    this.addSql(`drop index "producers_created_at_id_index";`);

    this.addSql(`alter table "token_ledger" drop column "admin_id";`);

    this.addSql(`drop index "users_created_at_id_index";`);
  }

}
