import type { EntityManager } from '@mikro-orm/postgresql';
import { drumCandidates } from '../../src/modules/catalog/catalog.queries';
import { DrumLoop } from '../../src/modules/catalog/drum-loop.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { drumRow, userRow } from '../support/catalog-factories';
import { rest, registerUploader } from '../support/producers';
import { dataUrl, drumWav } from '../support/wav-fixtures';

/**
 * Risers and impacts (issue 32) are FX samples named by their instruments: the generator asks for
 * one kind, and an FX loop is never taken for a one-shot nor a one-shot for a loop.
 */
let test: TestApp;
let em: EntityManager;
const ids: Record<string, string> = {};

beforeAll(async () => {
  test = await startTestApp();
  em = test.app.orm.em.fork();
  const producer = userRow(em);
  const row = (name: string, instruments: string[], bars: number, genres = ['Trap']) => {
    const loop = drumRow(em, producer, { drumType: 'FX', tags: { genres, instruments }, bpm: 140 });
    loop.bars = bars;
    ids[name] = loop.id;
  };
  row('loop', ['FX', 'Vinyl'], 8);
  row('riser', ['FX', 'Riser', 'Noise Sweep'], 1);
  row('uplifter', ['FX', 'Uplifter'], 2, ['Pop']);
  row('long riser', ['FX', 'Riser'], 8);
  row('impact', ['FX', 'Impact', 'Sub Hit'], 2);
  row('both', ['FX', 'Reverse Cymbal', 'Crash Hit'], 1);
  drumRow(em, producer, { drumType: 'Kicks', tags: { genres: ['Trap'], instruments: ['Impact'] } });
  await em.flush();
});
afterAll(() => test?.close());

const found = async (fx: 'riser' | 'impact' | null, wanted = ['genre:trap']) =>
  (await drumCandidates(em, 'FX', wanted, 140, 20, 'k', fx)).map((d) => Object.keys(ids).find((k) => ids[k] === d.id)).sort();

describe('FX one-shots in the catalogue', () => {
  it('gives the FX loops only when no kind is asked (the FX layer never plays a riser through a section)', async () => {
    expect(await found(null)).toEqual(['loop']);
  });

  it('gives the risers of a placeable length (1 or 2 bars), by any of their words, the genre first', async () => {
    expect(await found('riser')).toEqual(['both', 'riser']);
    // The genre asked for first: only pop's riser matches it.
    expect(await found('riser', ['genre:pop'])).toEqual(['uplifter']);
    expect(await found('riser', [])).toEqual(['both', 'riser', 'uplifter']);
  });

  it('gives the impacts, not a sample naming a riser too, and never another drum type', async () => {
    expect(await found('impact')).toEqual(['impact']);
    expect((await drumCandidates(em, 'Kicks', ['genre:trap'], 140, 20, 'k')).length).toBe(1);
  });
});

describe('a producer’s riser, uploaded on /upload-drums', () => {
  it('is an FX sample whose instruments name it: the generator finds it as a riser, not as a loop', async () => {
    const producer = await registerUploader(test, 'fxmaker');
    const entry = {
      // One bar at 140 BPM (drumWav writes whole bars).
      file: { name: 'riser_140bpm.wav', data: dataUrl(drumWav(140, 1, 3)) },
      drumType: 'FX', genres: ['Drill'], artists: ['Pop Smoke'], instruments: ['FX', 'riser'], moods: ['Dark'], tempoStyle: ['fast'], bpm: '140',
    };
    const answer = await rest(test, 'POST', '/uploadingdrumsamples', producer.accessToken, { entries: [entry] });
    expect(answer.status).toBe(201);
    const id = answer.body.drum_loops[0].id as string;
    const stored = await test.app.orm.em.fork().findOneOrFail(DrumLoop, { id });
    expect({ bars: stored.bars, drumType: stored.drumType }).toEqual({ bars: 1, drumType: 'FX' });
    const risers = await drumCandidates(test.app.orm.em.fork(), 'FX', ['genre:drill'], 140, 20, 'k', 'riser');
    expect(risers[0]).toMatchObject({ id, bars: 1, matches: 1 });
    expect((await drumCandidates(test.app.orm.em.fork(), 'FX', ['genre:drill'], 140, 20, 'k')).map((d) => d.id)).not.toContain(id);
  });
});
