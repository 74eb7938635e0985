import { Migration } from '@mikro-orm/migrations';

export class Migration20261126035414 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "melody_stems" add column "onsets" jsonb null;`);

    this.addSql(`alter table "drum_loops" add column "onsets" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "drum_loops" drop column "onsets";`);

    this.addSql(`alter table "melody_stems" drop column "onsets";`);
  }

}
