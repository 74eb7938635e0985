import { Migration } from '@mikro-orm/migrations';

export class Migration20261125145052 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "melody_compositions" add column "withdrawn_at" timestamptz null;`);

    this.addSql(`alter table "drum_loops" add column "withdrawn_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "drum_loops" drop column "withdrawn_at";`);

    this.addSql(`alter table "melody_compositions" drop column "withdrawn_at";`);
  }

}
