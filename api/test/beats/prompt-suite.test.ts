import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRandom } from '../../src/audio';
import { chooseLoops } from '../../src/modules/beats/loop-choice';
import { catalogueVocabulary } from '../../src/modules/beats/prompt/catalogue-vocabulary';
import { loadLexicon } from '../../src/modules/beats/prompt/load-lexicon';
import type { Lexicon } from '../../src/modules/beats/prompt/lexicon';
import { parsePrompt, type PromptVocabulary } from '../../src/modules/beats/prompt/prompt-parser';
import { presentReading } from '../../src/modules/beats/prompt/prompt-reading';
import { seedDemoLibrary } from '../../src/modules/catalog/demo-seeder';
import { createLogger } from '../../src/platform/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';
import { CASES } from './prompt-cases';

/**
 * Everyday prompts whose wish is plain, each with what its beat must satisfy: the mode, a tempo
 * range (half and double time count), the genre of the chosen loops. They run against the whole
 * demo library with a fixed seed, through the generator's own reading and loop choice (the render
 * that follows changes none of these). At least 90% must be answered as asked; nonsense must get a
 * broad choice with its words listed as ignored.
 */
let test: TestApp;
let vocabulary: PromptVocabulary;
let lexicon: Lexicon | null;
beforeAll(async () => {
  test = await startTestApp();
  await seedDemoLibrary({ orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir: join(tmpdir(), 'ysm-test-demo-cache') });
  vocabulary = await catalogueVocabulary(test.app.services.catalog);
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
      const choice = await chooseLoops(test.app.services.catalog, intent, random.next, () => `suite-${shuffles++}`);
      const [composition] = await test.app.orm.em.fork().getConnection().execute<{ tag_keys: string[] }[]>('select tag_keys from melody_compositions where id = ?', [choice.selection.composition.id]);
      const drumRows = await test.app.orm.em.fork().getConnection().execute<{ tag_keys: string[] }[]>(
        `select tag_keys from drum_loops where id in (${choice.selection.drums.map(() => '?').join(',') || 'null'})`, choice.selection.drums.map((d) => d.sampleId));
      const genreOf = (keys: string[]) => keys.filter((k) => k.startsWith('genre:')).map((k) => k.slice(6));
      const problems: string[] = [];
      if (c.mode && choice.mode !== c.mode) problems.push(`mode ${choice.mode}`);
      if (c.tempo && !inRange(choice.bpm, c.tempo)) problems.push(`tempo ${choice.bpm}`);
      if (c.bpm && choice.bpm !== c.bpm) problems.push(`bpm ${choice.bpm}`);
      if (c.genres && !genreOf(composition.tag_keys).some((g) => c.genres!.includes(g))) problems.push(`genre ${genreOf(composition.tag_keys).join(',')}`);
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
