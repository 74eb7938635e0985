import { Migration } from '@mikro-orm/migrations';

export class Migration20261127230628 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "beat_shares" ("id" text not null, "beat_id" uuid not null, "shared_by_id" uuid not null, "created_at" timestamptz not null, constraint "beat_shares_pkey" primary key ("id"));`);
    this.addSql(`alter table "beat_shares" add constraint "beat_shares_beat_id_unique" unique ("beat_id");`);

    this.addSql(`create table "beat_plays" ("beat_id" uuid not null, "listener" text not null, "day" date not null, "first_played_at" timestamptz not null, constraint "beat_plays_pkey" primary key ("beat_id", "listener", "day"));`);

    this.addSql(`alter table "beat_shares" add constraint "beat_shares_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "beat_shares" add constraint "beat_shares_shared_by_id_foreign" foreign key ("shared_by_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "beat_plays" add constraint "beat_plays_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "beat_shares" cascade;`);

    this.addSql(`drop table if exists "beat_plays" cascade;`);
  }

}
