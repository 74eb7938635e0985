import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/platform/db/orm';
import { ENTITIES } from '../src/entities';
import { withScratchDatabase } from '../src/platform/db/scratch-database';
import { compositionCandidates, drumCandidates, tagVocabulary } from '../src/modules/catalog/catalog.queries';
import { measure, type BenchResult } from './harness';

const GENRES = ['trap', 'drill', 'boom bap', 'lo-fi', 'r&b', 'afrobeats', 'pop', 'country', 'house', 'reggaeton', 'jazz', 'soul'];
const MOODS = ['dark', 'sad', 'chill', 'happy', 'energetic', 'romantic', 'dreamy', 'aggressive'];
const ARTISTS = Array.from({ length: 300 }, (_, i) => `artist ${i}`);
const TYPES = ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'];

/** Fills a scratch database with `drums` drum loops and `melodies` compositions of random tags, in SQL. */
async function fill(em: EntityManager, drums: number, melodies: number): Promise<void> {
  const c = em.getConnection();
  await c.execute(`insert into users (id, subject, email, username, username_key, created_at, updated_at)
    select gen_random_uuid(), 'p' || g, 'p' || g || '@bench', 'p' || g, 'p' || g, now(), now() from generate_series(1, 200) g`);
  const pick = (list: string[], kind: string) => `'${kind}:' || (array[${list.map((v) => `'${v}'`).join(',')}])[1 + floor(random() * ${list.length})::int]`;
  const tags = `array[${pick(GENRES, 'genre')}, ${pick(MOODS, 'mood')}, ${pick(ARTISTS, 'artist')}, ${pick(GENRES, 'genre')}]`;
  const facts = `'k', 'f.wav', 1, 13.7, 44100, 2, 16, -14, -1, '[]'::jsonb`;
  await c.execute(`insert into drum_loops (id, contributor_id, drum_type, artists, instruments, genres, moods, tempo_styles, tag_keys, bpm, bpm_mismatch, key_mismatch, bars, is_demo,
      audio_blob_key, audio_file_name, audio_byte_size, audio_duration_seconds, audio_source_sample_rate, audio_source_channels, audio_source_bit_depth, audio_loudness_lufs, audio_true_peak_dbtp, audio_peaks, created_at)
    select gen_random_uuid(), (select id from users order by random() limit 1), (array[${TYPES.map((t) => `'${t}'`).join(',')}])[1 + (g % ${TYPES.length})],
      '{}', '{}', '{}', '{}', '{}', ${tags}, 60 + floor(random() * 120), false, false, 8, false, ${facts}, now()
    from generate_series(1, ${drums}) g`);
  await c.execute(`insert into melody_compositions (id, contributor_id, artists, instruments, genres, moods, tempo_styles, tag_keys, bpm, key, mode, bpm_mismatch, key_mismatch, bars, is_demo, created_at)
    select gen_random_uuid(), (select id from users order by random() limit 1), '{}', '{}', '{}', '{}', '{}', ${tags}, 60 + floor(random() * 120), 'C', 'Minor', false, false, 8, false, now()
    from generate_series(1, ${melodies}) g`);
  await c.execute(`insert into melody_stems (id, composition_id, position, instrument, audio_blob_key, audio_file_name, audio_byte_size, audio_duration_seconds,
      audio_source_sample_rate, audio_source_channels, audio_source_bit_depth, audio_loudness_lufs, audio_true_peak_dbtp, audio_peaks)
    select gen_random_uuid(), c.id, s, 'keys', ${facts} from melody_compositions c, generate_series(0, 2) s`);
  await c.execute('analyze');
}

/** Generation's catalogue queries on 100,000 drum loops and 20,000 compositions (3 stems each). */
export async function benchCatalog(): Promise<BenchResult[]> {
  return withScratchDatabase(process.env.SCRATCH_DATABASE_URL, async (url) => {
    const orm = await MikroORM.init(ormConfig(url, ENTITIES));
    try {
      await orm.getMigrator().up();
      const em = orm.em.fork() as EntityManager;
      const started = Date.now();
      await fill(em, 100_000, 20_000);
      const note = `filled in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      const wanted = ['genre:trap', 'mood:dark', 'artist:artist 7'];
      return [
        await measure('catalogue 100k: composition candidates (tags)', () => compositionCandidates(em, wanted, 60, String(Math.random())), { runs: 9, note }),
        await measure('catalogue 100k: composition candidates (no match)', () => compositionCandidates(em, ['genre:polka'], 60, String(Math.random())), { runs: 9 }),
        await measure('catalogue 100k: drum candidates (tags + tempo)', () => drumCandidates(em, 'Kicks', wanted, 140, 60, String(Math.random())), { runs: 9 }),
        await measure('catalogue 100k: all 9 drum types for one beat', () => Promise.all(TYPES.map((t) => drumCandidates(em, t as never, wanted, 140, 60, String(Math.random())))), { runs: 9 }),
        await measure('catalogue 100k: tag vocabulary', () => tagVocabulary(em), { runs: 5 }),
      ];
    } finally {
      await orm.close(true);
    }
  });
}
