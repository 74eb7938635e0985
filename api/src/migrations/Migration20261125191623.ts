import { Migration } from '@mikro-orm/migrations';

export class Migration20261125191623 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "licence_orders_paid_index" on "licence_orders" ("paid_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "licence_orders_paid_index";`);
  }

}
