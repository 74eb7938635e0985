import { Migration } from '@mikro-orm/migrations';

export class Migration20261122164426 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "billing_customers" ("user_id" uuid not null, "provider" text not null, "customer_id" text not null, "created_at" timestamptz not null, constraint "billing_customers_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "billing_customers" add constraint "billing_customers_customer_id_unique" unique ("customer_id");`);

    this.addSql(`alter table "billing_customers" add constraint "billing_customers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "billing_customers" cascade;`);
  }

}
