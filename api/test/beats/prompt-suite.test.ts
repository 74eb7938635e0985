import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRandom } from '../../src/audio/testing/seeded-random';
import { chooseLoops } from '../../src/modules/beats/loop-choice';
import { catalogueVocabulary } from '../../src/modules/beats/prompt/catalogue-vocabulary';
import { loadLexicon } from '../../src/modules/beats/prompt/load-lexicon';
import type { Lexicon } from '../../src/modules/beats/prompt/lexicon';
import { parsePrompt, TEMPO_RANGES, type PromptVocabulary } from '../../src/modules/beats/prompt/prompt-parser';
import { presentReading } from '../../src/modules/beats/prompt/prompt-reading';
import { seedDemoLibrary } from '../../src/modules/catalog/demo-seeder';
import { createLogger } from '../../src/platform/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Everyday prompts whose wish is plain, each with what its beat must satisfy: the mode, a tempo
 * range (half and double time count), the genre of the chosen loops. They run against the whole
 * demo library with a fixed seed, through the generator's own reading and loop choice (the render
 * that follows changes none of these). At least 90% must be answered as asked; nonsense must get a
 * broad choice with its words listed as ignored.
 */
interface Case {
  readonly prompt: string;
  readonly mode?: 'Major' | 'Minor';
  readonly tempo?: readonly [number, number];
  /** Any of these genres for the melody's composition. */
  readonly genres?: readonly string[];
  readonly drumGenres?: readonly string[];
  readonly bpm?: number;
  readonly nonsense?: true;
}

const SLOW = [TEMPO_RANGES.slow.min, TEMPO_RANGES.slow.max] as const;
const FAST = [TEMPO_RANGES.fast.min, TEMPO_RANGES.fast.max] as const;

export const CASES: readonly Case[] = [
  // Moods: valence leans the mode.
  { prompt: 'elated pop beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'victorious anthem', mode: 'Major' },
  { prompt: 'mournful piano', mode: 'Minor' },
  { prompt: 'heartbroken r&b', mode: 'Minor', genres: ['r&b'] },
  { prompt: 'gloomy lofi', mode: 'Minor', genres: ['lo-fi'] },
  { prompt: 'joyful afrobeats', mode: 'Major', genres: ['afrobeats'] },
  { prompt: 'triumphant trap', mode: 'Major', genres: ['trap'] },
  { prompt: 'carefree summer beat', mode: 'Major' },
  { prompt: 'sad afrobeats', mode: 'Minor', genres: ['afrobeats'] },
  { prompt: 'dark country song', mode: 'Minor', genres: ['country'] },
  { prompt: 'happy drill', mode: 'Major', genres: ['drill'] },
  { prompt: 'melancholy boom bap', mode: 'Minor', genres: ['boom bap'] },
  { prompt: 'cheerful country', mode: 'Major', genres: ['country'] },
  { prompt: 'angry trap beat', mode: 'Minor', genres: ['trap'] },
  { prompt: 'hopeful pop', mode: 'Major', genres: ['pop'] },
  { prompt: 'lonely night r&b', mode: 'Minor', genres: ['r&b'] },
  { prompt: 'sinister drill beat', mode: 'Minor', genres: ['drill'] },
  { prompt: 'euphoric dance pop', mode: 'Major', genres: ['pop'] },
  { prompt: 'depressing lofi', mode: 'Minor', genres: ['lo-fi'] },
  { prompt: 'uplifting afro beat', mode: 'Major', genres: ['afrobeats'] },
  { prompt: 'grim boom bap', mode: 'Minor', genres: ['boom bap'] },
  { prompt: 'blissful lofi', mode: 'Major', genres: ['lo-fi'] },
  // Paces: energy leans the tempo.
  { prompt: 'slow relaxing beat', tempo: SLOW },
  { prompt: 'frantic high energy beat', tempo: FAST },
  { prompt: 'uptempo pop', tempo: FAST, genres: ['pop'] },
  { prompt: 'mellow lofi', tempo: SLOW, genres: ['lo-fi'] },
  { prompt: 'calm peaceful r&b', tempo: SLOW, genres: ['r&b'] },
  { prompt: 'fast country', tempo: FAST, genres: ['country'] },
  { prompt: 'aggressive hype trap', tempo: FAST, mode: 'Minor', genres: ['trap'] },
  { prompt: 'sleepy chill beat', tempo: SLOW },
  { prompt: 'rage beat', genres: ['trap'] },
  { prompt: 'restless energetic beat', tempo: FAST },
  { prompt: 'soothing piano', tempo: SLOW },
  { prompt: 'intense drill', tempo: FAST, genres: ['drill'] },
  // Artists, tagged in the catalogue or known from the artists file, some misspelled.
  { prompt: 'Drake type beat', genres: ['trap', 'r&b'] },
  { prompt: 'travis scott type beat', genres: ['trap'] },
  { prompt: 'pop smoke type beat', genres: ['drill'] },
  { prompt: 'Travis Scot type beat', genres: ['trap'] },
  { prompt: 'drak type beat', genres: ['trap', 'r&b'] },
  { prompt: 'kendrik lamar type beat', genres: ['boom bap'] },
  { prompt: 'billie eilish type beat', mode: 'Minor', genres: ['pop'] },
  { prompt: 'bad bunny type beat', genres: ['afrobeats', 'pop'] },
  { prompt: 'central cee type beat', genres: ['drill'] },
  { prompt: 'luke combs type beat', genres: ['country'] },
  { prompt: 'morgan walen type beat', genres: ['country'] },
  { prompt: 'sza type beat', genres: ['r&b'] },
  { prompt: 'wizkid type beat', genres: ['afrobeats'] },
  { prompt: 'nujabes type beat', genres: ['lo-fi'] },
  { prompt: 'taylor swift type beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'juice wrld type beat', mode: 'Minor', genres: ['trap'] },
  { prompt: 'j cole type beat', genres: ['boom bap'] },
  { prompt: 'ed sheeran type beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'lil baby type beat', genres: ['trap'] },
  // Genres and mixtures; explicit key, mode and BPM win over leanings.
  { prompt: 'trap type beat with country drums', genres: ['trap'], drumGenres: ['country'] },
  { prompt: 'sad piano 85 bpm in A minor', mode: 'Minor', bpm: 85 },
  { prompt: 'happy trap in A minor', mode: 'Minor', genres: ['trap'] },
  { prompt: 'sad pop 128 bpm', bpm: 128, genres: ['pop'], mode: 'Minor' },
  { prompt: 'hip hop beat', genres: ['boom bap'] },
  { prompt: 'rnb slow jam', tempo: SLOW, genres: ['r&b'] },
  { prompt: 'dark reggaeton', mode: 'Minor', genres: ['afrobeats', 'pop'] },
  { prompt: 'chill jazz beat', genres: ['lo-fi', 'boom bap'] },
  { prompt: 'k-pop dance', genres: ['pop'] },
  { prompt: 'rock ballad', tempo: SLOW, genres: ['pop', 'country'] },
  // Misspelled genres.
  { prompt: 'lofy chill', genres: ['lo-fi'] },
  { prompt: 'afrobeets', genres: ['afrobeats'] },
  { prompt: 'countri beat', genres: ['country'] },
  { prompt: 'dril beat', genres: ['drill'] },
  // Other languages' common words.
  { prompt: 'fiesta reggaeton', mode: 'Major', genres: ['afrobeats', 'pop'] },
  { prompt: 'amor r&b', genres: ['r&b'] },
  { prompt: 'beat de trap oscuro', genres: ['trap'] },
  { prompt: 'musica triste', mode: 'Minor' },
  { prompt: 'chanson triste piano', mode: 'Minor' },
  { prompt: 'canción feliz pop', mode: 'Major', genres: ['pop'] },
  // Nonsense: a broad choice, every word ignored.
  { prompt: 'asdf qwer blorp', nonsense: true },
  { prompt: 'xyzzy plugh frobnicate', nonsense: true },
  { prompt: 'zzkq vvrt', nonsense: true },
];

let test: TestApp;
let vocabulary: PromptVocabulary;
let lexicon: Lexicon | null;
beforeAll(async () => {
  test = await startTestApp();
  await seedDemoLibrary({ orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir: join(tmpdir(), 'ysm-test-demo-cache') });
  vocabulary = await catalogueVocabulary(test.app.orm.em.fork());
  lexicon = await loadLexicon(join(tmpdir(), 'ysm-test-word-vectors'));
}, 600_000);
afterAll(() => test?.close());

const inRange = (bpm: number, [min, max]: readonly [number, number]) => [bpm, bpm / 2, bpm * 2].some((x) => x >= min && x <= max);

describe(`${CASES.length} everyday prompts, answered as asked`, () => {
  it('has the word vectors', () => expect(lexicon?.vectors?.size).toBeGreaterThan(90_000));

  it('answers at least 90% as asked, and nonsense broadly with its words ignored', async () => {
    const random = createRandom(20261125);
    let shuffles = 0;
    const failures: string[] = [];
    const lines: string[] = [];
    for (const c of CASES) {
      const intent = parsePrompt(c.prompt, vocabulary, lexicon);
      const reading = presentReading(intent);
      const choice = await chooseLoops(() => test.app.orm.em.fork(), intent, random.next, () => `suite-${shuffles++}`);
      const [composition] = await test.app.orm.em.fork().getConnection().execute<{ tag_keys: string[] }[]>('select tag_keys from melody_compositions where id = ?', [choice.selection.composition.id]);
      const drumRows = await test.app.orm.em.fork().getConnection().execute<{ tag_keys: string[] }[]>(
        `select tag_keys from drum_loops where id in (${choice.selection.drums.map(() => '?').join(',') || 'null'})`, choice.selection.drums.map((d) => d.sampleId));
      const genreOf = (keys: string[]) => keys.filter((k) => k.startsWith('genre:')).map((k) => k.slice(6));
      const problems: string[] = [];
      if (c.mode && choice.mode !== c.mode) problems.push(`mode ${choice.mode}`);
      if (c.tempo && !inRange(choice.bpm, c.tempo)) problems.push(`tempo ${choice.bpm}`);
      if (c.bpm && choice.bpm !== c.bpm) problems.push(`bpm ${choice.bpm}`);
      if (c.genres && !genreOf(composition.tag_keys).some((g) => c.genres!.includes(g))) problems.push(`genre ${genreOf(composition.tag_keys)}`);
      if (c.drumGenres && !drumRows.every((d) => genreOf(d.tag_keys).some((g) => c.drumGenres!.includes(g)))) problems.push('drum genre');
      if (c.nonsense) {
        const words = c.prompt.split(' ');
        const broad = !intent.modeLean && !intent.tempoWish && reading.summary === `anything (ignored: ${words.join(', ')})`;
        if (!broad) problems.push(`not broad: ${reading.summary}`);
      }
      lines.push(`${problems.length ? 'FAIL' : 'ok  '} ${c.prompt.padEnd(36)} ${choice.mode.padEnd(5)} ${String(choice.bpm).padStart(3)} ${genreOf(composition.tag_keys).join('/').padEnd(10)} read as: ${reading.summary}${problems.length ? `  <- ${problems.join('; ')}` : ''}`);
      if (problems.length) failures.push(c.prompt);
    }
    const score = (CASES.length - failures.length) / CASES.length;
    console.log(`prompt suite: ${CASES.length - failures.length}/${CASES.length} (${(score * 100).toFixed(1)}%) answered as asked\n${lines.join('\n')}`);
    expect(score).toBeGreaterThanOrEqual(0.9);
    expect(failures.filter((p) => CASES.find((c) => c.prompt === p)?.nonsense)).toEqual([]);
  }, 300_000);
});
