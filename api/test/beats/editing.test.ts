import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import type { Arrangement } from '../../src/audio';
import type { JsonObject } from '../support/json';
import type { Client } from 'graphql-ws';
import { jobProgress } from '../support/job-progress';

let test: TestApp;
let artist: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  artist = await registerAndSignIn(test, 'premium');
  await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [artist.email]);
}, 120_000);
afterAll(() => test?.close());

const rest = async (path: string, body: unknown, as: SignedInUser = artist) => {
  const response = await fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(as.accessToken) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as JsonObject };
};
const tokens = async (as: SignedInUser = artist) =>
  (await graphql<{ me: { tokensRemaining: number } }>(test.url, '{ me { tokensRemaining } }', {}, as.accessToken)).data!.me.tokensRemaining;
const arrangementOf = async (beatId: string) =>
  (await test.app.orm.em.fork().getConnection().execute<{ arrangement: Arrangement }[]>('select arrangement from beats where id = ?', [beatId]))[0].arrangement;
const partsOf = (arrangement: Arrangement, section: number, role: string) => {
  const layer = arrangement.layers.find((l) => l.role === role);
  return arrangement.sections[section].parts.filter((p) => p.layerId === layer?.id);
};

describe('full beats and section edits (level 2)', () => {
  let first: JsonObject;

  beforeAll(async () => {
    first = (await rest('/generate_beat', { prompt: 'dark trap type beat' })).body;
  });

  it('POST /generate_full_beat makes the whole song from the same loops (1 token)', async () => {
    const before = await tokens();
    const { status, body } = await rest('/generate_full_beat', { beat_id: first.beat_id });
    expect(status).toBe(200);
    expect(body.beat_structuring.length).toBeGreaterThan(first.beat_structuring.length);
    expect(body.BPM).toBe(first.BPM);
    expect(body.Key).toBe(first.Key);
    expect(await tokens()).toBe(before - 1);
    const structure = await (await fetch(`${test.url}/get_full_beat_structure`, { headers: bearer(artist.accessToken) })).json();
    expect(structure).toEqual({ structure: body.beat_structuring });
  });

  it('POST /remove_drum mutes the chosen drums in the chosen sections', async () => {
    const { status, body } = await rest('/remove_drum', { beat_id: first.beat_id, sections: { 1: ['Kicks'] } });
    expect(status).toBe(200);
    expect(body).toEqual({ new_audio_url: expect.stringContaining('/media/'), Key: first.Key, Mode: first.Mode, BPM: first.BPM, beat_id: expect.any(String) });
    const edited = await arrangementOf(body.beat_id);
    expect(partsOf(edited, 1, 'Kicks')[0].transform.muted).toBe(true);
    expect(partsOf(edited, 2, 'Kicks')[0].transform.muted).toBe(false);
    // The edit's master starts from the source's gain (kept with every beat), so untouched sections render as before.
    const gains = await test.app.orm.em.fork().getConnection().execute<{ id: string; master_gain_db: number }[]>(
      'select id, master_gain_db from beats where id in (?, ?)', [first.beat_id, body.beat_id]);
    const sourceGain = gains.find((g) => g.id === first.beat_id)!.master_gain_db;
    expect(typeof sourceGain).toBe('number');
    expect(edited.master).toEqual({ startGainDb: sourceGain });
    expect(typeof gains.find((g) => g.id === body.beat_id)!.master_gain_db).toBe('number');
    // The editor reads the same facts from the beat: Kicks removed in section 1 only.
    const read = await graphql<{ beat: { sections: { label: string; drums: string[]; removedDrums: string[] }[] } }>(
      test.url, 'query($id: ID!) { beat(id: $id) { sections { label drums removedDrums } } }', { id: body.beat_id }, artist.accessToken);
    const sections = read.data!.beat.sections;
    expect(sections.map((s) => s.label).join('')).toBe(first.beat_structuring);
    expect(sections[1].removedDrums).toEqual(['Kicks']);
    expect(sections[1].drums).not.toContain('Kicks');
    expect(sections[2].drums).toContain('Kicks');
  });

  it('POST /change_stems swaps in another loop of that type, and answers the producers', async () => {
    const { status, body } = await rest('/change_stems', { beat_id: first.beat_id, sections: { 2: { Kicks: true } } });
    expect(status).toBe(200);
    expect(body.producer_info.length).toBeGreaterThan(0);
    const before = await arrangementOf(first.beat_id);
    const after = await arrangementOf(body.beat_id);
    expect(partsOf(after, 2, 'Kicks')[0].sample.sampleId).not.toBe(partsOf(before, 2, 'Kicks')[0].sample.sampleId);
    expect(partsOf(after, 1, 'Kicks')[0].sample.sampleId).toBe(partsOf(before, 1, 'Kicks')[0].sample.sampleId);
  });

  it('setGlobalDrums (GraphQL) plays one section\'s loop everywhere', async () => {
    const swapped = (await rest('/change_stems', { beat_id: first.beat_id, sections: { 2: { Kicks: true } } })).body;
    const started = await graphql<{ setGlobalDrums: { id: string } }>(
      test.url,
      'mutation($id: ID!, $s: [SectionDrumsInput!]!) { setGlobalDrums(beatId: $id, sections: $s) { id } }',
      { id: swapped.beat_id, s: [{ section: 2, drums: ['Kicks'] }] },
      artist.accessToken,
    );
    expect(started.errors).toBeUndefined();
    const job = started.data!.setGlobalDrums.id;
    let state = '';
    for (let i = 0; i < 100 && state !== 'succeeded'; i++) {
      state = (await graphql<{ generationJob: { status: string; beatId: string } }>(test.url, 'query($id: ID!) { generationJob(id: $id) { status beatId } }', { id: job }, artist.accessToken)).data!.generationJob.status;
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = (await graphql<{ generationJob: { beatId: string } }>(test.url, 'query($id: ID!) { generationJob(id: $id) { beatId } }', { id: job }, artist.accessToken)).data!.generationJob;
    const edited = await arrangementOf(result.beatId);
    const chosen = partsOf(edited, 2, 'Kicks')[0].sample.sampleId;
    for (let s = 1; s < edited.sections.length; s++) {
      for (const part of partsOf(edited, s, 'Kicks')) expect(part.sample.sampleId).toBe(chosen);
    }
  });

  it('edits naming sections or drums that do not exist change nothing and cost nothing', async () => {
    const before = await tokens();
    const beatsBefore = (await graphql<{ myBeats: unknown[] }>(test.url, '{ myBeats { id } }', {}, artist.accessToken)).data!.myBeats.length;
    expect(await rest('/remove_drum', { beat_id: first.beat_id, sections: { 42: ['Kicks'] } })).toMatchObject({ status: 400, body: { error: 'There is no section 42 in this beat (it has 3).' } });
    expect(await rest('/change_stems', { beat_id: first.beat_id, sections: { 1: { Triangle: true } } })).toMatchObject({ status: 400, body: { error: 'Unknown drum type: Triangle.' } });
    expect((await rest('/set_global_drum', { beat_id: first.beat_id, sections: { 0: { Snares: true } } })).status).toBe(400);
    expect(await tokens()).toBe(before);
    expect((await graphql<{ myBeats: unknown[] }>(test.url, '{ myBeats { id } }', {}, artist.accessToken)).data!.myBeats.length).toBe(beatsBefore);
  });
});

describe('section energy (issue 32): lower or higher than generated, over REST and GraphQL alike', () => {
  let first: JsonObject;
  // A listener of their own: every edit counts towards a user's 10 starts a minute, and the suite's
  // artist edits on in the next block.
  let energetic: SignedInUser;
  const clients: Client[] = [];
  beforeAll(async () => {
    energetic = await registerAndSignIn(test, 'energetic');
    await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [energetic.email]);
    first = (await rest('/generate_beat', { prompt: 'dark trap type beat' }, energetic)).body;
  });
  afterAll(async () => {
    await Promise.all(clients.map(async (c) => c.dispose()));
  });
  const energyMutation = 'mutation($id: ID!, $s: [SectionEnergyInput!]!) { setSectionEnergy(beatId: $id, sections: $s) { id } }';

  it('POST /set_section_energy raises a section: more layers, its energy shown to the editor, free', async () => {
    const before = await tokens(energetic);
    const { status, body } = await rest('/set_section_energy', { beat_id: first.beat_id, sections: { 1: 2 } }, energetic);
    expect(status).toBe(200);
    expect(body).toEqual({ new_audio_url: expect.stringContaining('/media/'), Key: first.Key, Mode: first.Mode, BPM: first.BPM, beat_id: expect.any(String) });
    const source = await arrangementOf(first.beat_id as string);
    const edited = await arrangementOf(body.beat_id as string);
    expect(edited.sections[1].energy).toBe(2);
    expect(edited.sections[1].parts.length).toBeGreaterThan(source.sections[1].parts.length);
    // Sections other than the raised one and the one leading into it are as they were.
    expect(edited.sections[2]).toEqual(source.sections[2]);
    expect(await tokens(energetic)).toBe(before);
    const read = await graphql<{ beat: { sections: { energy: number }[] } }>(test.url, 'query($id: ID!) { beat(id: $id) { sections { energy } } }', { id: body.beat_id }, energetic.accessToken);
    expect(read.data!.beat.sections.map((x) => x.energy)).toEqual([0, 2, 0]);
  });

  it('setSectionEnergy (GraphQL) lowers a section; its job ends with the new beat', async () => {
    const started = await graphql<{ setSectionEnergy: { id: string } }>(test.url, energyMutation, { id: first.beat_id, s: [{ section: 2, energy: -1 }] }, energetic.accessToken);
    expect(started.errors).toBeUndefined();
    const events = await jobProgress<{ status: string; beatId: string | null }>(test.url, energetic.accessToken, started.data!.setSectionEnergy.id, 'status beatId', clients);
    const last = events[events.length - 1];
    expect(last.status).toBe('succeeded');
    const source = await arrangementOf(first.beat_id as string);
    const edited = await arrangementOf(last.beatId!);
    expect(edited.sections[2].energy).toBe(-1);
    expect(edited.sections[2].parts.length).toBeLessThan(source.sections[2].parts.length);
  });

  it('two energy edits of one beat at once make two beats', async () => {
    const [a, b] = await Promise.all([
      rest('/set_section_energy', { beat_id: first.beat_id, sections: { 0: 1 } }, energetic),
      rest('/set_section_energy', { beat_id: first.beat_id, sections: { 0: -1 } }, energetic),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.beat_id).not.toBe(b.body.beat_id);
    expect((await arrangementOf(a.body.beat_id as string)).sections[0].energy).toBe(1);
    expect((await arrangementOf(b.body.beat_id as string)).sections[0].energy).toBe(-1);
  });

  it('refuses bad energies, unknown sections, no change and a section named twice, and makes nothing', async () => {
    const beatsBefore = (await graphql<{ myBeats: unknown[] }>(test.url, '{ myBeats { id } }', {}, energetic.accessToken)).data!.myBeats.length;
    expect(await rest('/set_section_energy', { beat_id: first.beat_id, sections: { 1: 3 } }, energetic)).toMatchObject({ status: 400, body: { error: 'The energy of Verse (section 2) must be a whole number from -2 to 2.' } });
    expect(await rest('/set_section_energy', { beat_id: first.beat_id, sections: { 7: 1 } }, energetic)).toMatchObject({ status: 400, body: { error: 'There is no section 7 in this beat (it has 3).' } });
    expect(await rest('/set_section_energy', { beat_id: first.beat_id, sections: { 1: 0 } }, energetic)).toMatchObject({ status: 400, body: { error: 'Choose a section and an energy other than the one it has.' } });
    expect(await rest('/set_section_energy', { beat_id: first.beat_id, sections: ['1'] }, energetic)).toMatchObject({ status: 400, body: { error: 'The edit must map sections to energies.' } });
    const twice = await graphql(test.url, energyMutation, { id: first.beat_id, s: [{ section: 1, energy: 1 }, { section: 1, energy: -1 }] }, energetic.accessToken);
    expect(twice.errors?.[0]).toMatchObject({ message: 'Section 1 is named twice.', extensions: { code: 'BAD_USER_INPUT' } });
    const outside = await graphql(test.url, energyMutation, { id: first.beat_id, s: [{ section: 1, energy: -5 }] }, energetic.accessToken);
    expect(outside.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect((await graphql<{ myBeats: unknown[] }>(test.url, '{ myBeats { id } }', {}, energetic.accessToken)).data!.myBeats.length).toBe(beatsBefore);
  });

  it('is for level 2 and up, like the other edits', async () => {
    const free = await registerAndSignIn(test, 'free-energy');
    const response = await fetch(`${test.url}/set_section_energy`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...bearer(free.accessToken) }, body: JSON.stringify({ beat_id: first.beat_id, sections: { 1: 1 } }),
    });
    expect(response.status).toBe(403);
    const answer = await graphql(test.url, energyMutation, { id: first.beat_id, s: [{ section: 1, energy: 1 }] }, free.accessToken);
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const anonymous = await fetch(`${test.url}/set_section_energy`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ beat_id: first.beat_id, sections: { 1: 1 } }) });
    expect(anonymous.status).toBe(401);
  });
});

describe("the spec's bodies: a bare map of sections edits the caller's latest beat", () => {
  const latest = async () =>
    (await graphql<{ myBeats: { id: string }[] }>(test.url, '{ myBeats { id } }', {}, artist.accessToken)).data!.myBeats[0].id;

  it('POST /remove_drum with { section: [drums] } mutes them in the newest beat', async () => {
    const source = await latest();
    const { status, body } = await rest('/remove_drum', { 1: ['Kicks'] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ new_audio_url: expect.stringContaining('/media/'), beat_id: expect.any(String) });
    const edited = await arrangementOf(body.beat_id as string);
    expect(partsOf(edited, 1, 'Kicks')[0].transform.muted).toBe(true);
    // It was made from the newest beat: its parent.
    const parent = await test.app.orm.em.fork().getConnection().execute<{ parent_id: string }[]>('select parent_id from beats where id = ?', [body.beat_id]);
    expect(parent[0].parent_id).toBe(source);
  });

  it('POST /change_stems and /set_global_drum with { section: { drum: true } } work alike', async () => {
    const swapped = await rest('/change_stems', { 2: { Kicks: true } });
    expect(swapped.status).toBe(200);
    expect((swapped.body.producer_info as unknown[]).length).toBeGreaterThan(0);
    const global = await rest('/set_global_drum', { 2: { Kicks: true } });
    expect(global.status).toBe(200);
    const edited = await arrangementOf(global.body.beat_id as string);
    const chosen = partsOf(edited, 2, 'Kicks')[0].sample.sampleId;
    for (let s = 1; s < edited.sections.length; s++) for (const part of partsOf(edited, s, 'Kicks')) expect(part.sample.sampleId).toBe(chosen);
  });

  it('a bad bare map changes nothing; a caller without beats is told so', async () => {
    const before = await tokens();
    expect(await rest('/remove_drum', { 42: ['Kicks'] })).toMatchObject({ status: 400, body: { error: expect.stringContaining('There is no section 42') } });
    expect(await rest('/change_stems', { 1: ['Kicks'] })).toMatchObject({ status: 400, body: { error: 'Section 1 must map drum types to true.' } });
    expect(await rest('/set_global_drum', {})).toMatchObject({ status: 400, body: { error: 'Choose at least one drum to change.' } });
    expect(await tokens()).toBe(before);
    const newcomer = await registerAndSignIn(test, 'newcomer');
    await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [newcomer.email]);
    const response = await fetch(`${test.url}/remove_drum`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(newcomer.accessToken) },
      body: JSON.stringify({ 1: ['Kicks'] }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'You have no beat to edit yet. Generate one first.' });
  });
});
