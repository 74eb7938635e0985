import { decodeJwt } from 'jose';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { solidPng } from '../support/images';
import { beatRow } from '../support/beat-factories';
import { graphql } from '../support/graphql-client';

let test: TestApp;
let alice: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  alice = await registerAndSignIn(test, 'alice');
});
afterAll(() => test?.close());

const blobFiles = (): string[] => {
  const root = join(test.dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
};

const getProfile = async (token = alice.accessToken) => {
  const response = await fetch(`${test.url}/account/profile`, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The profile without its picture link's signature, which is minted afresh (new expiry) on every read. */
const storedProfile = (body: Record<string, unknown>) => ({ ...body, image_path: String(body.image_path).split('?')[0] });

const postProfile = async (fields: Record<string, string>, image?: { bytes: Uint8Array; name: string; type: string }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', new Blob([image.bytes], { type: image.type }), image.name);
  const response = await fetch(`${test.url}/account/profile`, { method: 'POST', headers: bearer(alice.accessToken), body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /account/profile', () => {
  it('answers the profile fields of the signed-in user', async () => {
    const { status, body } = await getProfile();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: alice.username,
      email: alice.email,
      subscription_type: 'Free',
      fname: null,
      lname: null,
      country: null,
      image_path: null,
      beats: [],
    });
  });

  it('lists the user\'s beats newest first, as beat_uuid, beat_name, created_at and producers, and no one else\'s', async () => {
    const bob = await registerAndSignIn(test, 'bob');
    const idOf = async (user: SignedInUser) => (await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, user.accessToken)).data!.me.id;
    const [bobId, aliceId] = await Promise.all([idOf(bob), idOf(alice)]);
    const em = test.app.orm.em.fork();
    const older = beatRow(em, bobId, {
      prompt: 'lofi study beat',
      createdAt: new Date('2026-11-20T09:30:00.000Z'),
      producerShares: [{ producerId: 'p1', name: 'Tape Dust', percent: 100 }],
    });
    const newer = beatRow(em, bobId, {
      prompt: 'Drake type beat',
      kind: 'full',
      createdAt: new Date('2026-11-21T18:05:00.000Z'),
      producerShares: [
        { producerId: 'p2', name: 'Night Owl', percent: 62.5 },
        { producerId: 'p1', name: 'Tape Dust', percent: 37.5 },
      ],
    });
    beatRow(em, aliceId, { prompt: 'not bob\'s' });
    await em.flush();

    const { status, body } = await getProfile(bob.accessToken);
    expect(status).toBe(200);
    expect(body.beats).toEqual([
      { beat_uuid: newer.id, beat_name: 'Drake type beat', created_at: '2026-11-21T18:05:00.000Z', producers: ['Night Owl', 'Tape Dust'] },
      { beat_uuid: older.id, beat_name: 'lofi study beat', created_at: '2026-11-20T09:30:00.000Z', producers: ['Tape Dust'] },
    ]);
  });

  it('refuses a request without a token, with a malformed token and with a forged one', async () => {
    const none = await fetch(`${test.url}/account/profile`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await getProfile('not-a-jwt')).status).toBe(401);
    const [header, payload] = alice.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    expect((await getProfile(forged)).status).toBe(401);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await getProfile(unsigned)).status).toBe(401);
  });
});

describe('POST /account/profile', () => {
  it('saves the fields and a picture, and serves the picture through a signed URL', async () => {
    const { status, body } = await postProfile(
      { userType: 'artist', creatorName: 'Lil Test', fname: 'Alice', lname: 'Liddell', country: 'Canada' },
      { bytes: solidPng(), name: 'me.png', type: 'image/png' },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      message: 'Profile updated successfully.',
      user_type: 'artist',
      creator_name: 'Lil Test',
      fname: 'Alice',
      lname: 'Liddell',
      country: 'Canada',
    });
    const picture = await fetch(String(body.image_path));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(solidPng())).toBe(true);
  });

  it('replaces the old picture instead of keeping both', async () => {
    const before = blobFiles().length;
    const { status } = await postProfile({}, { bytes: solidPng(8, 8, [1, 2, 3]), name: 'new.png', type: 'image/png' });
    expect(status).toBe(200);
    expect(blobFiles().length).toBe(before);
  });

  it.each([
    [{ country: 'Atlantis' }, 'Country must be one of the listed countries.'],
    [{ fname: 'x'.repeat(101) }, 'First name must be at most 100 characters.'],
    [{ creatorName: 'y'.repeat(101) }, 'Artist/producer name must be at most 100 characters.'],
  ])('refuses %o with a clear 400 and changes nothing', async (fields, message) => {
    const before = storedProfile((await getProfile()).body);
    const { status, body } = await postProfile({ ...fields, lname: 'Changed' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
    expect(storedProfile((await getProfile()).body)).toEqual(before);
  });

  it('refuses a file that is not an image, whatever its name, and leaves no blob behind', async () => {
    const before = blobFiles();
    const { status, body } = await postProfile(
      { fname: 'Mallory' },
      { bytes: Buffer.from('#!/bin/sh\necho hi\n'), name: 'evil.png', type: 'image/png' },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('The picture must be a PNG, JPEG or WebP image.');
    expect(blobFiles()).toEqual(before);
    expect((await getProfile()).body.fname).toBe('Alice');
  });

  it('refuses a picture over 5 MB', async () => {
    const before = blobFiles();
    const big = Buffer.concat([solidPng(), Buffer.alloc(5 * 1024 * 1024)]);
    const { status, body } = await postProfile({ fname: 'Big' }, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(status).toBe(400);
    expect(body.error).toEqual(expect.stringMatching(/too large|5 MB/));
    expect(blobFiles()).toEqual(before);
    expect((await getProfile()).body.fname).toBe('Alice');
  });

  it('keeps every field when saves of different fields run at the same time', async () => {
    const rounds = Array.from({ length: 5 }, (_, i) => i);
    for (const i of rounds) {
      await Promise.all([
        postProfile({ fname: `First${i}` }),
        postProfile({ lname: `Last${i}` }),
        postProfile({ country: i % 2 ? 'Japan' : 'Norway' }),
        postProfile({ creatorName: `Name${i}` }),
      ]);
      const { body } = await getProfile();
      expect(body).toMatchObject({ fname: `First${i}`, lname: `Last${i}`, country: i % 2 ? 'Japan' : 'Norway', creator_name: `Name${i}` });
    }
  });

  it('an empty value clears a field', async () => {
    await postProfile({ country: '' });
    expect((await getProfile()).body.country).toBeNull();
  });
});

describe('other account paths', () => {
  it('GET /get-user-info answers the purchase fields', async () => {
    await postProfile({ fname: 'Alice', lname: 'Liddell', country: 'Ireland' });
    const response = await fetch(`${test.url}/get-user-info`, { headers: bearer(alice.accessToken) });
    expect(await response.json()).toEqual({ first_name: 'Alice', last_name: 'Liddell', country: 'Ireland' });
  });

  it('GET /get-user-info takes the ID token the spec sends (audience: the web client), beside the access token', async () => {
    await postProfile({ fname: 'Alice', lname: 'Liddell', country: 'Ireland' });
    const claims = decodeJwt(alice.idToken);
    expect(claims.aud).toBe(test.config.auth.clientId);
    expect(claims.iss).toBe(test.config.auth.issuer);
    const response = await fetch(`${test.url}/get-user-info`, { headers: bearer(alice.idToken) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ first_name: 'Alice', last_name: 'Liddell', country: 'Ireland' });
    // Only there: the ID token is no access token elsewhere.
    expect((await fetch(`${test.url}/account/profile`, { headers: bearer(alice.idToken) })).status).toBe(401);
    const graphqlAnswer = await fetch(`${test.url}/graphql`, {
      method: 'POST',
      headers: { ...bearer(alice.idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphqlAnswer.status).toBe(401);
  });

  it('GET /get-user-info refuses an altered ID token, garbage and a missing token', async () => {
    const [header, payload, signature] = alice.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: (claims.exp as number) + 86_400 })).toString('base64url')}.${signature}`;
    const refused = await fetch(`${test.url}/get-user-info`, { headers: bearer(altered) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'Invalid or expired ID token.' });
    expect((await fetch(`${test.url}/get-user-info`, { headers: bearer('garbage') })).status).toBe(401);
    expect((await fetch(`${test.url}/get-user-info`)).status).toBe(401);
  });

  it('GET /check-stripe-account is false until the user connects a payout account', async () => {
    const response = await fetch(`${test.url}/check-stripe-account`, { headers: bearer(alice.accessToken) });
    expect(await response.json()).toEqual({ hasStripeAccount: false });
  });

  it('POST /sync-user validates its body', async () => {
    const post = (body: string) =>
      fetch(`${test.url}/sync-user`, { method: 'POST', headers: { ...bearer(alice.accessToken), 'content-type': 'application/json' }, body });
    expect((await post(JSON.stringify({ email: alice.email, username: alice.username }))).status).toBe(200);
    expect((await post('{"email": "not an email", "username": "x"}')).status).toBe(400);
    const malformed = await post('{not json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('GET /healthz checks the database, unknown paths answer JSON 404', async () => {
    expect(await (await fetch(`${test.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
    const missing = await fetch(`${test.url}/no/such/path`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found.' });
  });

  it('GET /client-config tells the web app where to sign in', async () => {
    const body = await (await fetch(`${test.url}/client-config`)).json();
    expect(body).toEqual({
      productName: 'YSM',
      supportEmail: 'support@ysm.localhost',
      graphqlUrl: `${test.url}/graphql`,
      graphqlWsUrl: `${test.url.replace('http', 'ws')}/graphql`,
      oidc: { authority: `${test.url}/oidc`, clientId: 'ysm-web', scope: 'openid profile email', audience: null },
      // Without STRIPE_SECRET_KEY: the local checkout and local payout accounts.
      payments: 'local',
    });
  });

  it('sends security headers and limits CORS to the web origin', async () => {
    const ok = await fetch(`${test.url}/healthz`, { headers: { origin: 'http://localhost:5173' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const evil = await fetch(`${test.url}/healthz`, { headers: { origin: 'http://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).not.toBe('http://evil.example');
  });
});
