import { Migration } from '@mikro-orm/migrations';

export class Migration20261122152214 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "beats" ("id" uuid not null, "owner_id" uuid not null, "prompt" text not null, "title" text not null, "bpm" double precision not null, "key" text not null, "mode" text not null, "structure" text not null, "kind" text not null, "arrangement" jsonb not null, "selection" jsonb not null, "producer_shares" jsonb not null, "mp3blob_key" text not null, "wav_blob_key" text not null, "duration_seconds" double precision not null, "loudness_lufs" double precision not null, "true_peak_dbtp" double precision not null, "peaks" jsonb not null, "parent_id" uuid null, "created_at" timestamptz not null, constraint "beats_pkey" primary key ("id"));`);
    this.addSql(`create index "beats_owner_created_index" on "beats" ("owner_id", "created_at");`);

    this.addSql(`create table "generation_jobs" ("id" uuid not null, "owner_id" uuid not null, "kind" text not null, "status" text not null default 'queued', "stage" smallint not null default 0, "input" jsonb not null, "beat_id" uuid null, "error" text null, "error_code" text null, "token_charged" boolean not null default false, "token_refunded" boolean not null default false, "attempts" smallint not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, constraint "generation_jobs_pkey" primary key ("id"));`);
    this.addSql(`create index "generation_jobs_owner_created_index" on "generation_jobs" ("owner_id", "created_at");`);

    this.addSql(`alter table "beats" add constraint "beats_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "beats" add constraint "beats_parent_id_foreign" foreign key ("parent_id") references "beats" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "generation_jobs" add constraint "generation_jobs_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "generation_jobs" add constraint "generation_jobs_beat_id_foreign" foreign key ("beat_id") references "beats" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "beats" drop constraint "beats_parent_id_foreign";`);

    this.addSql(`alter table "generation_jobs" drop constraint "generation_jobs_beat_id_foreign";`);

    this.addSql(`drop table if exists "beats" cascade;`);

    this.addSql(`drop table if exists "generation_jobs" cascade;`);
  }

}
