import { Migration } from '@mikro-orm/migrations';

export class Migration20261125143426 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "email_verified";`);
  }

}
