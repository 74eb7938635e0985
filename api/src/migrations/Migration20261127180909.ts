import { Migration } from '@mikro-orm/migrations';

export class Migration20261127180909 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "support_messages" ("id" uuid not null, "user_id" uuid null, "sender_email" text not null, "sender_name" text null, "topic" text check ("topic" in ('account', 'billing', 'licences', 'producers', 'technical', 'privacy', 'other', 'refund_request')) not null, "message" text not null, "reference" text null, "plan_level" smallint not null, "priority" smallint not null, "status" text check ("status" in ('open', 'answered', 'closed')) not null default 'open', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "support_messages_pkey" primary key ("id"), constraint support_messages_priority_check check (priority >= 0 and priority <= 2));`);
    this.addSql(`create index "support_messages_user_id_index" on "support_messages" ("user_id");`);
    this.addSql(`create index "support_messages_status_inbox_index" on "support_messages" ("status", "priority", "created_at", "id");`);
    this.addSql(`create index "support_messages_inbox_index" on "support_messages" ("priority", "created_at", "id");`);

    this.addSql(`create table "support_replies" ("id" uuid not null, "message_id" uuid not null, "author_id" uuid null, "author_email" text not null, "text" text not null, "created_at" timestamptz not null, constraint "support_replies_pkey" primary key ("id"));`);
    this.addSql(`create index "support_replies_author_id_index" on "support_replies" ("author_id");`);
    this.addSql(`create index "support_replies_thread_index" on "support_replies" ("message_id", "created_at", "id");`);

    this.addSql(`create table "refund_requests" ("id" uuid not null, "user_id" uuid not null, "payment_id" uuid not null, "message_id" uuid not null, "level" smallint not null, "amount_cents" int not null, "currency" text not null, "paid_at" timestamptz not null, "reason" text null, "status" text check ("status" in ('pending', 'approved', 'declined')) not null default 'pending', "decline_reason" text null, "decided_by_id" uuid null, "decided_at" timestamptz null, "created_at" timestamptz not null, constraint "refund_requests_pkey" primary key ("id"));`);
    this.addSql(`create index "refund_requests_user_index" on "refund_requests" ("user_id", "created_at");`);
    this.addSql(`alter table "refund_requests" add constraint "refund_requests_message_unique" unique ("message_id");`);
    this.addSql(`alter table "refund_requests" add constraint "refund_requests_payment_unique" unique ("payment_id");`);

    this.addSql(`alter table "support_messages" add constraint "support_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "support_replies" add constraint "support_replies_message_id_foreign" foreign key ("message_id") references "support_messages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "support_replies" add constraint "support_replies_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "refund_requests" add constraint "refund_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "refund_requests" add constraint "refund_requests_message_id_foreign" foreign key ("message_id") references "support_messages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "refund_requests" add constraint "refund_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "support_replies" drop constraint "support_replies_message_id_foreign";`);

    this.addSql(`alter table "refund_requests" drop constraint "refund_requests_message_id_foreign";`);

    this.addSql(`drop table if exists "support_messages" cascade;`);

    this.addSql(`drop table if exists "support_replies" cascade;`);

    this.addSql(`drop table if exists "refund_requests" cascade;`);
  }

}
