import { Migration } from '@mikro-orm/migrations';

export class Migration20261125175536 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "licence_notices" ("id" uuid not null, "user_id" uuid not null, "kind" text not null, "message" text not null, "order_id" uuid not null, "licence_id" uuid null, "created_at" timestamptz not null, "read_at" timestamptz null, constraint "licence_notices_pkey" primary key ("id"));`);
    this.addSql(`create index "licence_notices_user_id_index" on "licence_notices" ("user_id");`);
    this.addSql(`alter table "licence_notices" add constraint "licence_notices_order_kind_unique" unique ("order_id", "kind");`);

    this.addSql(`create table "beat_fingerprints" ("fingerprint" text not null, "owner_id" uuid not null, "created_at" timestamptz not null, constraint "beat_fingerprints_pkey" primary key ("fingerprint"));`);

    this.addSql(`create table "licence_orders" ("id" uuid not null, "buyer_id" uuid not null, "beat_id" uuid not null, "tier" text not null, "price_cents" int not null, "currency" text not null default 'usd', "provider" text not null, "status" text not null default 'open', "checkout_session_id" text null, "checkout_url" text null, "buyer_email" text not null, "buyer_first_name" text not null, "buyer_last_name" text not null, "buyer_country" text not null, "producers" jsonb not null, "terms" jsonb not null, "payment_id" text null, "paid_at" timestamptz null, "refund_id" text null, "refund_reason" text null, "created_at" timestamptz not null, constraint "licence_orders_pkey" primary key ("id"));`);
    this.addSql(`create index "licence_orders_buyer_id_index" on "licence_orders" ("buyer_id");`);
    this.addSql(`create index "licence_orders_beat_id_index" on "licence_orders" ("beat_id");`);
    this.addSql(`alter table "licence_orders" add constraint "licence_orders_checkout_session_id_unique" unique ("checkout_session_id");`);
    this.addSql(`create unique index "licence_orders_one_open_per_tier" on "licence_orders" ("buyer_id", "beat_id", "tier") where status = 'open';`);

    this.addSql(`create table "licences" ("id" uuid not null, "order_id" uuid not null, "buyer_id" uuid not null, "beat_id" uuid not null, "tier" text not null, "exclusive" boolean not null, "price_cents" int not null, "currency" text not null default 'usd', "status" text not null default 'valid', "buyer_first_name" text not null, "buyer_last_name" text not null, "buyer_country" text not null, "terms" jsonb not null, "producers" jsonb not null, "files" jsonb null, "files_ready_at" timestamptz null, "superseded_at" timestamptz null, "issued_at" timestamptz not null, constraint "licences_pkey" primary key ("id"));`);
    this.addSql(`alter table "licences" add constraint "licences_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "licences_buyer_id_index" on "licences" ("buyer_id");`);
    this.addSql(`create index "licences_beat_id_index" on "licences" ("beat_id");`);
    this.addSql(`create unique index "licences_one_exclusive_per_beat" on "licences" ("beat_id") where exclusive and status <> 'refunded';`);

    this.addSql(`create table "licence_downloads" ("id" bigserial primary key, "licence_id" uuid not null, "user_id" uuid not null, "file" text not null, "downloaded_at" timestamptz not null);`);
    this.addSql(`create index "licence_downloads_licence_id_index" on "licence_downloads" ("licence_id");`);

    this.addSql(`alter table "licence_notices" add constraint "licence_notices_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "beat_fingerprints" add constraint "beat_fingerprints_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "licence_orders" add constraint "licence_orders_buyer_id_foreign" foreign key ("buyer_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "licence_orders" add constraint "licence_orders_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "licences" add constraint "licences_order_id_foreign" foreign key ("order_id") references "licence_orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "licences" add constraint "licences_buyer_id_foreign" foreign key ("buyer_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "licences" add constraint "licences_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "licence_downloads" add constraint "licence_downloads_licence_id_foreign" foreign key ("licence_id") references "licences" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "licence_downloads" add constraint "licence_downloads_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "beats" add column "fingerprint" text null;`);
    this.addSql(`create index "beats_fingerprint_index" on "beats" ("fingerprint");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "licences" drop constraint "licences_order_id_foreign";`);

    this.addSql(`alter table "licence_downloads" drop constraint "licence_downloads_licence_id_foreign";`);

    this.addSql(`drop table if exists "licence_notices" cascade;`);

    this.addSql(`drop table if exists "beat_fingerprints" cascade;`);

    this.addSql(`drop table if exists "licence_orders" cascade;`);

    this.addSql(`drop table if exists "licences" cascade;`);

    this.addSql(`drop table if exists "licence_downloads" cascade;`);

    this.addSql(`drop index "beats_fingerprint_index";`);
    this.addSql(`alter table "beats" drop column "fingerprint";`);
  }

}
