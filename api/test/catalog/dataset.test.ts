import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../support/test-app';
import { compositionRow, drumRow, userRow } from '../support/catalog-factories';
import { graphql } from '../support/graphql-client';
import { registerAndSignIn } from '../support/users';
import { tagKeysOf } from '../../src/modules/catalog/tags';

let test: TestApp;
let em: EntityManager;

beforeAll(async () => {
  test = await startTestApp();
  em = test.app.orm.em.fork();
});
afterAll(() => test?.close());

type Shares = {
  genres: { name: string; share: number; samples: number; style: string; artists: string[] }[];
  totalSamples: number;
  countedSamples: number;
  contributionThreshold: number;
};
const QUERY = '{ datasetGenres { genres { name share samples style artists } totalSamples countedSamples contributionThreshold } }';

async function shares(token?: string): Promise<Shares> {
  const result = await graphql<{ datasetGenres: Shares }>(test.url, QUERY, {}, token);
  expect(result.errors).toBeUndefined();
  return result.data!.datasetGenres;
}
const shareOf = (s: Shares, name: string) => s.genres.find((g) => g.name === name)!.share;
const total = (s: Shares) => Math.round(s.genres.reduce((a, g) => a + g.share * 100, 0));

describe('datasetGenres', () => {
  it('lists the 20 genres at 0% while the catalogue is empty, to anyone', async () => {
    const result = await shares();
    expect(result.genres).toHaveLength(20);
    expect(result.genres.every((g) => g.share === 0 && g.samples === 0)).toBe(true);
    expect(result.totalSamples).toBe(0);
    expect(result.countedSamples).toBe(0);
    expect(result.contributionThreshold).toBe(7);
    const lofi = result.genres.find((g) => g.name === 'Lo-Fi')!;
    expect(lofi.artists).toHaveLength(3);
    expect(lofi.style).toMatch(/jazz/i);
  });

  it('computes each genre\'s share of the sample files from their genre tags, live', async () => {
    const producer = userRow(em);
    // 3 + 1 trap files, 2 lo-fi files (spelled "lofi"), 1 R&B file counted as RnB Rap, one file of two genres.
    compositionRow(em, producer, { tags: { genres: ['Trap'] }, stems: 3 });
    drumRow(em, producer, { tags: { genres: ['trap'] } });
    compositionRow(em, producer, { tags: { genres: ['LoFi'] }, stems: 2 });
    drumRow(em, producer, { tags: { genres: ['R&B'] } });
    drumRow(em, producer, { tags: { genres: ['Drill', 'Trap'] } });
    // Not one of the 20: in the total, not in the shares.
    drumRow(em, producer, { tags: { genres: ['Polka'] } });
    // A mood or an artist named like a genre does not count.
    drumRow(em, producer, { tags: { moods: ['Trap'], artists: ['House'] } });
    await em.flush();

    const result = await shares();
    expect(result.totalSamples).toBe(10);
    expect(result.countedSamples).toBe(8);
    expect(shareOf(result, 'Trap')).toBe(56.25); // 4.5 of 8
    expect(shareOf(result, 'Lo-Fi')).toBe(25);
    expect(shareOf(result, 'RnB Rap')).toBe(12.5);
    expect(shareOf(result, 'Drill')).toBe(6.25);
    expect(result.genres.find((g) => g.name === 'Trap')!.samples).toBe(4.5);
    expect(total(result)).toBe(10_000);
  });

  it('changes as soon as the catalogue does', async () => {
    const before = await shares();
    const producer = userRow(em);
    for (let i = 0; i < 8; i++) drumRow(em, producer, { tags: { genres: ['House'] } });
    await em.flush();
    const after = await shares();
    expect(after.totalSamples).toBe(before.totalSamples + 8);
    expect(shareOf(after, 'House')).toBe(50);
    expect(shareOf(after, 'Trap')).toBe(28.13);
    expect(total(after)).toBe(10_000);
  });

  it('counts only what is on offer: a withdrawal or a tag edit changes the shares at once', async () => {
    const producer = userRow(em);
    const piece = compositionRow(em, producer, { tags: { genres: ['Afrobeats'] }, stems: 4 });
    await em.flush();
    const before = await shares();
    expect(before.genres.find((g) => g.name === 'Afrobeats')!.samples).toBe(4);

    piece.withdrawnAt = new Date();
    await em.flush();
    const withdrawn = await shares();
    expect(withdrawn.totalSamples).toBe(before.totalSamples - 4);
    expect(withdrawn.countedSamples).toBe(before.countedSamples - 4);
    expect(shareOf(withdrawn, 'Afrobeats')).toBe(0);
    expect(total(withdrawn)).toBe(10_000);

    // A tag edit keeps every count and moves the files to another genre.
    const loop = drumRow(em, producer, { tags: { genres: ['Afrobeats'] } });
    await em.flush();
    expect(shareOf(await shares(), 'Afrobeats')).toBeGreaterThan(0);
    loop.tags = { ...loop.tags, genres: ['Lo-Fi'] };
    loop.tagKeys = tagKeysOf(loop.tags);
    await em.flush();
    const edited = await shares();
    expect(shareOf(edited, 'Afrobeats')).toBe(0);
    expect(edited.totalSamples).toBe(withdrawn.totalSamples + 1);
  });

  it('gives signed-in users the same answer', async () => {
    const user = await registerAndSignIn(test, 'listener');
    expect(await shares(user.accessToken)).toEqual(await shares());
  });

  it('answers concurrent requests consistently', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => shares()));
    for (const r of results) expect(r).toEqual(results[0]);
  });

  it('refuses a malformed query', async () => {
    const result = await graphql(test.url, '{ datasetGenres { genres { nope } } }');
    expect(result.status).toBe(400);
    expect(result.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
