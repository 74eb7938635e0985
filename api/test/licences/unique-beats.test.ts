import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { beatRow } from '../support/beat-factories';
import { Beat } from '../../src/modules/beats/beat.entity';
import type { JsonObject } from '../support/json';
import type { Arrangement } from '../../src/audio';
import type { BeatSelection } from '../../src/modules/beats/beat-selection';
import { sql, userId } from './licence-world';

let test: TestApp;
let alice: SignedInUser & { id: string };
let bob: SignedInUser & { id: string };

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  const a = await registerAndSignIn(test, 'alice');
  const b = await registerAndSignIn(test, 'bob');
  alice = { ...a, id: await userId(test, a) };
  bob = { ...b, id: await userId(test, b) };
  await sql(test, `insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where id in (?, ?) on conflict (user_id) do update set level = excluded.level`, [alice.id, bob.id]);
}, 120_000);
afterAll(() => test?.close());

const post = async (user: SignedInUser, path: string, body: unknown) => {
  const response = await fetch(`${test.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(user.accessToken) }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as JsonObject };
};

interface BeatRow { id: string; owner_id: string; bpm: number; fingerprint: string | null; arrangement: Arrangement; selection: BeatSelection }
const beat = async (id: string) => (await sql<BeatRow>(test, 'select id, owner_id, bpm, fingerprint, arrangement, selection from beats where id = ?', [id]))[0];
const holder = async (fingerprint: string) => (await sql<{ owner_id: string }>(test, 'select owner_id from beat_fingerprints where fingerprint = ?', [fingerprint]))[0]?.owner_id;

describe('no two users are ever given the same arrangement', () => {
  it('every generated beat is fingerprinted and its fingerprint belongs to its owner', async () => {
    const made = await post(alice, '/generate_beat', { prompt: 'dark trap type beat' });
    expect(made.status).toBe(200);
    const row = await beat(made.body.beat_id as string);
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await holder(row.fingerprint!)).toBe(alice.id);
    // The database itself refuses the same fingerprint for another user.
    await expect(sql(test, 'insert into beat_fingerprints (fingerprint, owner_id, created_at) values (?, ?, now())', [row.fingerprint, bob.id])).rejects.toThrow(/beat_fingerprints_pkey/);
  });

  it('when the generator makes identical choices for two users, the second user gets a different beat', async () => {
    const source = await post(alice, '/generate_beat', { prompt: 'dark trap type beat' });
    const original = await beat(source.body.beat_id as string);
    // Bob's generator chose exactly Alice's loops, sections, key and tempo (a copy of her beat's
    // provenance, audio included), and both make the same edit: identical choices all the way.
    const em = test.app.orm.em.fork();
    const stored = await em.findOneOrFail(Beat, { id: original.id });
    const copy = beatRow(em, bob.id, {
      arrangement: stored.arrangement, selection: stored.selection, bpm: stored.bpm, key: stored.key, mode: stored.mode, structure: stored.structure,
      mp3BlobKey: stored.mp3BlobKey, wavBlobKey: stored.wavBlobKey, producerShares: stored.producerShares, masterGainDb: stored.masterGainDb,
    });
    await em.flush();

    const edit = { sections: { 1: ['Kicks'] } };
    const aliceEdit = await post(alice, '/remove_drum', { beat_id: original.id, ...edit });
    const bobEdit = await post(bob, '/remove_drum', { beat_id: copy.id, ...edit });
    expect(aliceEdit.status).toBe(200);
    expect(bobEdit.status).toBe(200);
    const a = await beat(aliceEdit.body.beat_id as string);
    const b = await beat(bobEdit.body.beat_id as string);
    expect(b.fingerprint).not.toBe(a.fingerprint);
    expect(await holder(a.fingerprint!)).toBe(alice.id);
    expect(await holder(b.fingerprint!)).toBe(bob.id);
    // The same loops in the same sections, moved to another tempo: a different beat.
    expect(Math.abs(b.bpm - a.bpm)).toBe(1);
    expect(b.arrangement.sections.every((s) => s.parts.every((p) => p.transform.toBpm === b.bpm))).toBe(true);

    // The owner making the same edit again may get their own arrangement again.
    const again = await post(alice, '/remove_drum', { beat_id: original.id, ...edit });
    expect((await beat(again.body.beat_id as string)).fingerprint).toBe(a.fingerprint);
  });
});
