import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { GenerationRunner } from '../../src/modules/beats/generation-runner';
import { GenerationJob } from '../../src/modules/beats/generation-job.entity';
import { User } from '../../src/modules/accounts/user.entity';
import { poolBeatRenderer } from '../../src/modules/beats/pool-beat-renderer';
import { createRenderPool } from '../../src/audio';
import { createSampleFileLoader } from '../../src/modules/catalog/sample-source';
import { createMemoryEventBus } from '../../src/platform/pubsub/event-bus';
import { createLogger } from '../../src/platform/logging/logger';
import { PromptReader } from '../../src/modules/beats/prompt/prompt-reader';
import { sql, userId } from './licence-world';

let test: TestApp;
let alice: SignedInUser & { id: string };
let bob: SignedInUser & { id: string };
const renderer = { current: null as ReturnType<typeof poolBeatRenderer> | null };

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  const a = await registerAndSignIn(test, 'alice');
  const b = await registerAndSignIn(test, 'bob');
  alice = { ...a, id: await userId(test, a) };
  bob = { ...b, id: await userId(test, b) };
}, 120_000);
afterAll(async () => {
  await renderer.current?.close();
  await test?.close();
});

it('a generator that makes the very same choices for two users (a constant randomness) still gives the second user another beat', async () => {
  // The prompt as the api read it for a real request, so both jobs carry the same reading.
  const started = await graphql<{ generateBeat: { id: string } }>(test.url, 'mutation { generateBeat(prompt: "dark trap type beat") { id } }', {}, alice.accessToken);
  const [{ input }] = await sql<{ input: Record<string, unknown> }>(test, 'select input from generation_jobs where id = ?', [started.data!.generateBeat.id]);

  // A second generator over the same catalogue whose every random draw is the same number.
  const { orm, blobs, services } = test.app;
  renderer.current = poolBeatRenderer(() => createRenderPool({ loadSample: createSampleFileLoader(orm, blobs), size: 1 }));
  const runner = new GenerationRunner({
    orm, blobs, renderer: renderer.current, events: createMemoryEventBus(), tokens: services.credits, logger: createLogger('silent'),
    random: () => 0.37, prompts: new PromptReader(services.catalog, null), catalog: services.catalog,
    producerNames: async () => new Map(),
  });
  const jobFor = async (ownerId: string) => {
    const em = orm.em.fork();
    const job = em.create(GenerationJob, { owner: em.getReference(User, ownerId), kind: 'generate', input });
    await em.flush();
    await runner.handle(job.id);
    const [row] = await sql<{ beat_id: string; status: string }>(test, 'select beat_id, status from generation_jobs where id = ?', [job.id]);
    expect(row.status).toBe('succeeded');
    return (await sql<{ id: string; bpm: number; fingerprint: string; selection: { composition: { id: string } } }>(test, 'select id, bpm, fingerprint, selection from beats where id = ?', [row.beat_id]))[0];
  };

  const first = await jobFor(alice.id);
  const second = await jobFor(bob.id);
  // The same loops were chosen (the randomness allowed nothing else), yet the beats differ.
  expect(second.selection.composition.id).toBe(first.selection.composition.id);
  expect(second.fingerprint).not.toBe(first.fingerprint);
  expect(Math.abs(second.bpm - first.bpm)).toBe(1);
  const owners = await sql<{ owner_id: string }>(test, 'select owner_id from beat_fingerprints where fingerprint in (?, ?) order by owner_id', [first.fingerprint, second.fingerprint]);
  expect(owners.map((o) => o.owner_id).sort()).toEqual([alice.id, bob.id].sort());
  // The first user asking again with the same choices gets their own arrangement.
  const again = await jobFor(alice.id);
  expect(again.fingerprint).toBe(first.fingerprint);
});
