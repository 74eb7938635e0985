import { Migration } from '@mikro-orm/migrations';

export class Migration20261125183220 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "earnings_events" ("id" text not null, "type" text not null, "processed_at" timestamptz not null, constraint "earnings_events_pkey" primary key ("id"));`);

    this.addSql(`create table "earnings_ledger" ("id" uuid not null, "entry_key" text not null, "order_id" text not null, "producer_id" uuid null, "kind" text not null, "amount_cents" int not null, "share_basis_points" int null, "refund_id" text null, "created_at" timestamptz not null, constraint "earnings_ledger_pkey" primary key ("id"));`);
    this.addSql(`alter table "earnings_ledger" add constraint "earnings_ledger_entry_key_unique" unique ("entry_key");`);
    this.addSql(`create index "earnings_ledger_order_id_index" on "earnings_ledger" ("order_id");`);
    this.addSql(`create index "earnings_ledger_producer_index" on "earnings_ledger" ("producer_id", "created_at");`);

    this.addSql(`create table "earnings_orders" ("order_id" text not null, "beat_id" text not null, "tier" text null, "beat_title" text null, "gross_cents" int not null, "fee_cents" int not null, "fee_estimated" boolean not null, "net_cents" int not null, "pool_cents" int not null, "platform_cents" int not null, "refunded_cents" int not null default 0, "charge_id" text null, "created_at" timestamptz not null, constraint "earnings_orders_pkey" primary key ("order_id"), constraint earnings_orders_amounts_check check (gross_cents > 0 and fee_cents >= 0 and fee_cents <= gross_cents and net_cents = gross_cents - fee_cents and pool_cents + platform_cents = net_cents and refunded_cents >= 0 and refunded_cents <= gross_cents));`);
    this.addSql(`create index "earnings_orders_beat_id_index" on "earnings_orders" ("beat_id");`);

    this.addSql(`create table "earnings_refunds" ("refund_id" text not null, "order_id" text not null, "refunded_cents" int not null, "reason" text not null, "created_at" timestamptz not null, constraint "earnings_refunds_pkey" primary key ("refund_id"));`);

    this.addSql(`create table "earnings_reversals" ("id" uuid not null, "transfer_id" uuid not null, "refund_id" text not null, "amount_cents" int not null, "state" text check ("state" in ('pending', 'sending', 'done', 'failed', 'cancelled')) not null, "stripe_reversal_id" text null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "earnings_reversals_pkey" primary key ("id"), constraint earnings_reversals_amount_check check (amount_cents > 0));`);
    this.addSql(`alter table "earnings_reversals" add constraint "earnings_reversals_stripe_reversal_id_unique" unique ("stripe_reversal_id");`);
    this.addSql(`alter table "earnings_reversals" add constraint "earnings_reversals_transfer_refund_unique" unique ("transfer_id", "refund_id");`);

    this.addSql(`create table "earnings_transfers" ("id" uuid not null, "order_id" text not null, "producer_id" uuid not null, "amount_cents" int not null, "reversed_cents" int not null default 0, "state" text check ("state" in ('held', 'pending', 'sending', 'paid', 'failed', 'cancelled')) not null, "account_id" text null, "stripe_transfer_id" text null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "earnings_transfers_pkey" primary key ("id"), constraint earnings_transfers_amounts_check check (amount_cents >= 0 and reversed_cents >= 0 and reversed_cents <= amount_cents));`);
    this.addSql(`create index "earnings_transfers_producer_id_index" on "earnings_transfers" ("producer_id");`);
    this.addSql(`alter table "earnings_transfers" add constraint "earnings_transfers_stripe_transfer_id_unique" unique ("stripe_transfer_id");`);
    this.addSql(`create index "earnings_transfers_state_due_index" on "earnings_transfers" ("state", "next_attempt_at");`);
    this.addSql(`alter table "earnings_transfers" add constraint "earnings_transfers_order_producer_unique" unique ("order_id", "producer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "earnings_events" cascade;`);

    this.addSql(`drop table if exists "earnings_ledger" cascade;`);

    this.addSql(`drop table if exists "earnings_orders" cascade;`);

    this.addSql(`drop table if exists "earnings_refunds" cascade;`);

    this.addSql(`drop table if exists "earnings_reversals" cascade;`);

    this.addSql(`drop table if exists "earnings_transfers" cascade;`);
  }

}
