import { Migration } from '@mikro-orm/migrations';

export class Migration20261125021938 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "beats" add column "master_gain_db" double precision null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "beats" drop column "master_gain_db";`);
  }

}
