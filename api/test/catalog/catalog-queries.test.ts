import type { EntityManager } from '@mikro-orm/postgresql';
import { compositionCandidates, drumCandidates, tagVocabulary } from '../../src/modules/catalog/catalog.queries';
import { startTestApp, type TestApp } from '../support/test-app';
import { compositionRow, drumRow, userRow } from '../support/catalog-factories';

let test: TestApp;
let em: EntityManager;

beforeAll(async () => {
  test = await startTestApp();
  em = test.app.orm.em.fork();
  const producer = userRow(em);
  compositionRow(em, producer, { tags: { genres: ['Trap'], artists: ['Future'], moods: ['Dark'] } });
  compositionRow(em, producer, { tags: { genres: ['Trap'], moods: ['Happy'] } });
  compositionRow(em, producer, { tags: { genres: ['Country'], instruments: ['Guitar'] }, bpm: 90, stems: 3 });
  drumRow(em, producer, { drumType: 'Kicks', tags: { genres: ['Trap'] }, bpm: 140 });
  drumRow(em, producer, { drumType: 'Kicks', tags: { genres: ['Country'] }, bpm: 95 });
  drumRow(em, producer, { drumType: 'Kicks', tags: { genres: ['Country'] }, bpm: 60 });
  drumRow(em, producer, { drumType: '808s', tags: { genres: ['Trap'] }, bpm: 140, key: 'F' });
  await em.flush();
});
afterAll(() => test?.close());

describe('catalogue queries', () => {
  it('ranks compositions by how many wanted tags they carry, case-insensitively stored', async () => {
    const found = await compositionCandidates(em, ['genre:trap', 'mood:dark', 'artist:future'], 10, 'k');
    expect(found.map((c) => c.matches)).toEqual([3, 1]);
    expect(found[0].stems).toHaveLength(2);
    expect(found[0].stems[0]).toEqual({ sampleId: expect.any(String), instrument: 'stem0' });
  });

  it('falls back to a broad choice when nothing matches', async () => {
    const found = await compositionCandidates(em, ['genre:polka'], 10, 'k');
    expect(found).toHaveLength(3);
    expect(found.every((c) => c.matches === 0)).toBe(true);
  });

  it('finds drum loops of a type within a stretchable tempo range first', async () => {
    const country = await drumCandidates(em, 'Kicks', ['genre:country'], 90, 10, 'k');
    expect(country.map((d) => d.bpm)).toEqual([95]);
    // Nothing is stretchable to 400 BPM: every kick comes back, the tag matches first.
    const anyTempo = await drumCandidates(em, 'Kicks', ['genre:country'], 400, 10, 'k');
    expect(anyTempo).toHaveLength(3);
    expect(anyTempo.slice(0, 2).map((d) => d.bpm).sort()).toEqual([60, 95]);
    const halfTime = await drumCandidates(em, 'Kicks', [], 70, 10, 'k');
    expect(halfTime.map((d) => d.bpm).sort()).toEqual([140, 60].sort());
  });

  it('orders equally fitting candidates by the shuffle key: the same key repeats, others spread', async () => {
    const order = async (key: string) => (await compositionCandidates(em, ['genre:polka'], 10, key)).map((c) => c.id).join();
    expect(await order('seed-1')).toBe(await order('seed-1'));
    const orders = new Set(await Promise.all(Array.from({ length: 12 }, (_, i) => order(`key-${i}`))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('gives nothing for a type the catalogue lacks', async () => {
    expect(await drumCandidates(em, 'Cymbals', ['genre:trap'], 140, 10, 'k')).toEqual([]);
  });

  it('reads the tag vocabulary by kind', async () => {
    const vocabulary = await tagVocabulary(em);
    expect([...vocabulary.get('genre')!].sort()).toEqual(['country', 'trap']);
    expect([...vocabulary.get('artist')!]).toEqual(['future']);
  });
});
