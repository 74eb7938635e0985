import { Migration } from '@mikro-orm/migrations';

export class Migration20261127231206 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "beat_landmark_sets" ("id" serial primary key, "beat_id" uuid not null, "hash_count" int not null, "seconds" double precision not null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "beat_landmark_sets" add constraint "beat_landmark_sets_beat_id_unique" unique ("beat_id");`);

    this.addSql(`create table "beat_landmarks" ("hash" int not null, "set_id" int not null, "frame" int not null, constraint "beat_landmarks_pkey" primary key ("hash", "set_id", "frame"));`);
    this.addSql(`create index "beat_landmarks_set_id_brin" on "beat_landmarks" using brin ("set_id");`);

    this.addSql(`alter table "beat_landmark_sets" add constraint "beat_landmark_sets_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "beat_landmarks" add constraint "beat_landmarks_set_id_foreign" foreign key ("set_id") references "beat_landmark_sets" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "beat_landmarks" drop constraint "beat_landmarks_set_id_foreign";`);

    this.addSql(`drop table if exists "beat_landmark_sets" cascade;`);

    this.addSql(`drop table if exists "beat_landmarks" cascade;`);
  }

}
