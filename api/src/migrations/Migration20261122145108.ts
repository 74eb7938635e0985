import { Migration } from '@mikro-orm/migrations';

export class Migration20261122145108 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "melody_compositions" ("id" uuid not null, "contributor_id" uuid not null, "artists" text[] not null, "instruments" text[] not null, "genres" text[] not null, "moods" text[] not null, "tempo_styles" text[] not null, "tag_keys" text[] not null, "bpm" double precision not null, "key" text not null, "mode" text not null, "detected_bpm" double precision null, "detected_key" text null, "detected_mode" text null, "bpm_mismatch" boolean not null default false, "key_mismatch" boolean not null default false, "bars" smallint not null default 8, "is_demo" boolean not null default false, "created_at" timestamptz not null, constraint "melody_compositions_pkey" primary key ("id"));`);
    this.addSql(`create index "melody_compositions_contributor_id_index" on "melody_compositions" ("contributor_id");`);
    this.addSql(`create index "melody_compositions_bpm_index" on "melody_compositions" ("bpm");`);
    this.addSql(`create index "melody_compositions_created_at_index" on "melody_compositions" ("created_at");`);
    this.addSql(`create index "melody_compositions_tag_keys_gin" on "melody_compositions" using gin ("tag_keys");`);

    this.addSql(`create table "melody_stems" ("id" uuid not null, "composition_id" uuid not null, "position" smallint not null, "instrument" text null, "audio_blob_key" text not null, "audio_file_name" text not null, "audio_byte_size" int not null, "audio_duration_seconds" double precision not null, "audio_source_sample_rate" int not null, "audio_source_channels" smallint not null, "audio_source_bit_depth" smallint not null, "audio_loudness_lufs" double precision not null, "audio_true_peak_dbtp" double precision not null, "audio_peaks" jsonb not null, constraint "melody_stems_pkey" primary key ("id"));`);
    this.addSql(`create index "melody_stems_composition_id_index" on "melody_stems" ("composition_id");`);

    this.addSql(`create table "drum_loops" ("id" uuid not null, "contributor_id" uuid not null, "drum_type" text not null, "artists" text[] not null, "instruments" text[] not null, "genres" text[] not null, "moods" text[] not null, "tempo_styles" text[] not null, "tag_keys" text[] not null, "bpm" double precision not null, "key" text null, "mode" text null, "detected_bpm" double precision null, "detected_key" text null, "bpm_mismatch" boolean not null default false, "key_mismatch" boolean not null default false, "bars" smallint not null default 8, "is_demo" boolean not null default false, "audio_blob_key" text not null, "audio_file_name" text not null, "audio_byte_size" int not null, "audio_duration_seconds" double precision not null, "audio_source_sample_rate" int not null, "audio_source_channels" smallint not null, "audio_source_bit_depth" smallint not null, "audio_loudness_lufs" double precision not null, "audio_true_peak_dbtp" double precision not null, "audio_peaks" jsonb not null, "created_at" timestamptz not null, constraint "drum_loops_pkey" primary key ("id"));`);
    this.addSql(`create index "drum_loops_contributor_id_index" on "drum_loops" ("contributor_id");`);
    this.addSql(`create index "drum_loops_created_at_index" on "drum_loops" ("created_at");`);
    this.addSql(`create index "drum_loops_type_bpm_index" on "drum_loops" ("drum_type", "bpm");`);
    this.addSql(`create index "drum_loops_tag_keys_gin" on "drum_loops" using gin ("tag_keys");`);

    this.addSql(`alter table "melody_compositions" add constraint "melody_compositions_contributor_id_foreign" foreign key ("contributor_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "melody_stems" add constraint "melody_stems_composition_id_foreign" foreign key ("composition_id") references "melody_compositions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "drum_loops" add constraint "drum_loops_contributor_id_foreign" foreign key ("contributor_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "melody_stems" drop constraint "melody_stems_composition_id_foreign";`);

    this.addSql(`drop table if exists "melody_compositions" cascade;`);

    this.addSql(`drop table if exists "melody_stems" cascade;`);

    this.addSql(`drop table if exists "drum_loops" cascade;`);
  }

}
