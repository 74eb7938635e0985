// A catalogue for browser specs that generate: the demo library a fresh install stores in the
// background, or a few loops uploaded through the REST paths when it does not arrive in time.
import assert from 'node:assert/strict';
import { expect } from '@playwright/test';
import { dataUrl, drumWav, melodyWav } from './wav.mjs';
import { cancelSubscription, restPoster, signUpAsProducer, subscribeLocally } from './api.mjs';

/** How long a fresh install may take to store its demo library before the spec uploads loops itself. */
const DEMO_LIBRARY_WAIT_MS = 240_000;

/** How many samples the catalogue holds. */
async function catalogueSamples(apiUrl) {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ datasetGenres { totalSamples } }' }),
  });
  const body = await response.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data.datasetGenres.totalSamples;
}

/**
 * Waits for the demo library a fresh install stores, with no fallback: for specs about the demo
 * producers themselves (their prices, their exclusives). Answers the wait in ms.
 */
export async function waitForDemoLibrary(apiUrl, since, timeoutMs = DEMO_LIBRARY_WAIT_MS) {
  const left = Math.max(1, timeoutMs - (Date.now() - since));
  await expect.poll(() => catalogueSamples(apiUrl), { message: `the demo library was not stored within ${timeoutMs} ms`, timeout: left, intervals: [2_000] }).toBeGreaterThan(0);
  return Date.now() - since;
}

/** Waits for the demo library; uploads a few loops through the REST paths if none arrives. */
export async function ensureCatalogue(apiUrl, token, since) {
  const samples = () => catalogueSamples(apiUrl);
  // An install started with SEED_DEMO_LIBRARY=false stores no demo library: upload at once.
  const waitMs = process.env.SEED_DEMO_LIBRARY === 'false' ? 0 : Math.max(0, DEMO_LIBRARY_WAIT_MS - (Date.now() - since));
  const arrived = waitMs > 0 && (await expect.poll(samples, { timeout: waitMs, intervals: [2_000] }).toBeGreaterThan(0).then(() => true, () => false));
  if (arrived) return Date.now() - since;
  await uploadLoops(apiUrl, token);
  assert.ok((await samples()) > 0, 'the uploaded loops are in the catalogue');
  return Date.now() - since;
}

/** A trap melody, country and trap drums (two loops of a type, so a swap has another to take). */
async function uploadLoops(apiUrl, token) {
  // Only producers upload (their payout onboarding may still be pending).
  await signUpAsProducer(apiUrl, token, `E2E loops ${Date.now()}`);
  // Uploads that earn need Premium (the plan table); the account goes back to Free after them, so a
  // spec about a Free listener still has one (the tokens Premium granted stay: read them, do not assume).
  await subscribeLocally(apiUrl, token);
  try {
    await uploadLoopsAsProducer(apiUrl, token);
  } finally {
    await cancelSubscription(apiUrl, token);
  }
}

async function uploadLoopsAsProducer(apiUrl, token) {
  const post = restPoster(apiUrl, token);
  await post('/uploadingmelsamples', {
    artists: ['Future'], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempo_style: ['half-time'],
    bpm: 140, key: 'A', mode: 'Minor',
    files: [1, 2].map((voice) => ({ name: `trap-${voice}.wav`, data: dataUrl(melodyWav({ key: 'A', mode: 'Minor', bpm: 140, voice })) })),
  });
  for (const [genre, bpm] of [['Country', 96], ['Trap', 140]]) {
    for (let round = 0; round < 2; round++) {
      await post('/uploadingdrumsamples', {
        entries: ['Kicks', 'Snares', 'Hihats', '808s'].map((type) => ({
          file: { name: `${genre}-${type}-${round + 1}.wav`, data: dataUrl(drumWav({ type, bpm, key: round ? 'G' : 'F' })) },
          drumType: type, genres: [genre], artists: ['Anyone'], moods: ['Dark'], tempoStyle: ['bouncy'], bpm,
          ...(type === '808s' ? { key: round ? 'G' : 'F', mode: 'Minor' } : {}),
        })),
      });
    }
  }
}
