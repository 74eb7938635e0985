import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { rest } from '../support/producers';
import { PLAN_LEVEL, bearer, registerAndSignIn } from '../support/users';
import {
  CHECKOUT,
  DOWNLOAD,
  MY_LICENCES,
  NOTICES,
  OFFER,
  STATE,
  VERIFY,
  RecordingLicenceFiles,
  RecordingOutbox,
  buyer,
  completeProfile,
  filesReady,
  ownedBeat,
  pricedProducer,
  sql,
} from './licence-world';

let test: TestApp;
const files = new RecordingLicenceFiles();
const outbox = new RecordingOutbox();
let producer: Awaited<ReturnType<typeof pricedProducer>>;

beforeAll(async () => {
  test = await startTestApp({}, { licenceFiles: files, mailOutbox: outbox });
  files.blobs = test.app.blobs;
  producer = await pricedProducer(test, 'seller', { price_standard: 25, price_advanced: 60, price_exclabel: 900, price_excindie: 450 });
});
afterAll(async () => {
  await test?.close();
});

const body = (beatId: string, tier: string, extra: Record<string, unknown> = {}) => ({ beat_id: beatId, lease_option_id: tier, first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom', ...extra });
const orders = async (beatId: string) => sql<{ status: string; price_cents: number }>(test, 'select status, price_cents from licence_orders where beat_id = ? order by created_at', [beatId]);

async function pay(sessionId: string) {
  const response = await fetch(`${test.url}/local-licence-checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`http://localhost:5173/success?session_id=${sessionId}&kind=licence`);
}

async function beatOf(owner: { id: string }) {
  return ownedBeat(test, owner.id, [{ producerId: producer.id, name: producer.producerName, percent: 100 }], 'Midnight Run');
}

describe('checkout refusals change nothing', () => {
  it('an incomplete profile gets the spec text on REST and GraphQL, and no order', async () => {
    const user = await registerAndSignIn(test, 'incomplete');
    const me = await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, user.accessToken);
    const beatId = await ownedBeat(test, me.data!.me.id, []);
    const rest400 = await rest(test, 'POST', '/create-checkout-session', user.accessToken, body(beatId, 'standard'));
    expect(rest400).toMatchObject({ status: 400, body: { error: 'Please complete your profile information to proceed.' } });
    const gql = await graphql(test.url, CHECKOUT, { i: { beatId, leaseOptionId: 'standard', firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }, user.accessToken);
    expect(gql.errors?.[0]).toMatchObject({ message: 'Please complete your profile information to proceed.', extensions: { code: 'BAD_USER_INPUT' } });
    // A profile with a name but no country is still incomplete.
    await completeProfile(test, user, { fname: 'Ada', lname: 'Lovelace', country: '' });
    expect((await rest(test, 'POST', '/create-checkout-session', user.accessToken, body(beatId, 'standard'))).body.error).toBe('Please complete your profile information to proceed.');
    expect(await orders(beatId)).toEqual([]);
  });

  it('unknown tiers, tampered prices, foreign or unknown beats, anonymous callers and bad bodies are refused', async () => {
    const owner = await buyer(test, 'owner');
    const other = await buyer(test, 'other');
    const beatId = await beatOf(owner);
    expect(await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'platinum'))).toMatchObject({
      status: 400, body: { error: 'lease_option_id must be one of standard, advanced, excindie or exclabel.' },
    });
    expect(await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard', { price: 0.5 }))).toMatchObject({ status: 400, body: { error: 'Unknown field: price.' } });
    const tampered = await graphql(test.url, 'mutation($i: CreateLicenseCheckoutInput!) { createLicenseCheckout(input: $i) { id } }', { i: { beatId, leaseOptionId: 'standard', firstName: 'A', lastName: 'B', country: 'Canada', priceCents: 1 } }, owner.accessToken);
    expect(tampered.errors?.[0].message).toContain('priceCents');
    expect(await rest(test, 'POST', '/create-checkout-session', other.accessToken, body(beatId, 'standard'))).toMatchObject({ status: 404, body: { error: 'That beat does not exist.' } });
    expect((await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body('3f0e0000-0000-4000-8000-000000000000', 'standard'))).status).toBe(404);
    expect((await rest(test, 'POST', '/create-checkout-session', null, body(beatId, 'standard'))).status).toBe(401);
    expect((await rest(test, 'POST', '/create-checkout-session', owner.accessToken, '{"beat_id":')).status).toBe(400);
    expect(await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { lease_option_id: 'standard' })).toMatchObject({ status: 400, body: { error: 'beat_id is required.' } });
    expect(await orders(beatId)).toEqual([]);
  });
});

describe('buying through the local checkout', () => {
  it('a double submit gets one checkout; Pay issues one licence at the server\'s price, its files, a notice and one receipt', async () => {
    const owner = await buyer(test, 'lease');
    const beatId = await beatOf(owner);
    const [first, second] = await Promise.all([
      rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'advanced')),
      rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'advanced')),
    ]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const { id, checkoutUrl } = first.body as { id: string; checkoutUrl: string };
    expect(checkoutUrl).toBe(`${test.url}/local-licence-checkout/${id}`);
    expect(await orders(beatId)).toEqual([{ status: 'open', price_cents: 6000 }]);

    const page = await fetch(checkoutUrl);
    const html = await page.text();
    expect(html).toContain('Advanced Lease');
    expect(html).toContain('60.00 USD');
    expect(html).toContain('Midnight Run');

    await Promise.all([pay(id), pay(id)]);
    const licences = await sql<{ id: string; tier: string; price_cents: number; status: string; exclusive: boolean }>(test, 'select id, tier, price_cents, status, exclusive from licences where beat_id = ?', [beatId]);
    expect(licences).toEqual([{ id: expect.any(String), tier: 'advanced', price_cents: 6000, status: 'valid', exclusive: false }]);
    const licenceId = licences[0].id;
    expect(await orders(beatId)).toEqual([{ status: 'paid', price_cents: 6000 }]);
    await filesReady(test, licenceId);

    // The document the files module was given: the buyer, the beat, the terms, the producers.
    const document = files.prepared.find((d) => d.licenceId === licenceId)!;
    expect(document).toMatchObject({
      buyer: { firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' },
      beat: { id: beatId, title: 'Midnight Run', key: 'F#', mode: 'Minor', bpm: 140, structure: 'IVCO' },
      tier: 'advanced', tierTitle: 'Advanced Lease', priceCents: 6000, currency: 'usd',
      producers: [{ producerId: producer.id, producerName: producer.producerName, legalName: 'Ada Lovelace', shareBasisPoints: 10000, pro: 'BMI', proId: '123456' }],
      terms: { kind: 'lease', lease: { audio_streams: '250000', term_years: '5' } },
      verifyUrl: `http://localhost:5173/licenses/verify/${licenceId}`,
    });
    const receipt = outbox.mails.get(`licence-receipt:${licenceId}`)!;
    expect(receipt).toMatchObject({ to: owner.email, attachments: [{ fileName: 'licence.pdf', contentType: 'application/pdf', blobKey: `licences/${licenceId}/licence.pdf` }] });
    expect(receipt.text).toContain(licenceId);

    const success = await graphql<{ licenceForCheckoutSession: Record<string, unknown> }>(test.url, STATE, { s: id }, owner.accessToken);
    expect(success.data!.licenceForCheckoutSession).toEqual({ sessionId: id, status: 'PAID', tier: 'advanced', priceCents: 6000, refundReason: null, licence: { id: licenceId, status: 'VALID', filesReady: true } });
    const mine = await graphql<{ myLicences: Record<string, unknown>[] }>(test.url, MY_LICENCES, {}, owner.accessToken);
    expect(mine.data!.myLicences).toEqual([expect.objectContaining({
      id: licenceId, beatId, beatTitle: 'Midnight Run', tier: 'advanced', tierTitle: 'Advanced Lease', priceCents: 6000, status: 'VALID', filesReady: true,
      files: [
        { kind: 'MP3', fileName: 'beat.mp3', bytes: expect.any(Number) },
        { kind: 'WAV', fileName: 'beat.wav', bytes: expect.any(Number) },
        { kind: 'STEMS', fileName: 'stems.zip', bytes: expect.any(Number) },
        { kind: 'DOCUMENT', fileName: 'licence.pdf', bytes: expect.any(Number) },
      ],
      producers: [{ name: producer.producerName, shareBasisPoints: 10000 }],
    })]);
    const notices = await graphql<{ licenceNotices: { id: string; kind: string; licenceId: string; read: boolean }[] }>(test.url, NOTICES, {}, owner.accessToken);
    expect(notices.data!.licenceNotices).toEqual([expect.objectContaining({ kind: 'licence_issued', licenceId, read: false })]);
    const read = await graphql<{ markLicenceNoticeRead: { read: boolean } }>(test.url, 'mutation($id: ID!) { markLicenceNoticeRead(id: $id) { read } }', { id: notices.data!.licenceNotices[0].id }, owner.accessToken);
    expect(read.data!.markLicenceNoticeRead.read).toBe(true);

    // Paying the same checkout again changes nothing.
    const again = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect((await sql(test, 'select id from licences where beat_id = ?', [beatId])).length).toBe(1);
    expect([...outbox.mails.keys()].filter((k) => k === `licence-receipt:${licenceId}`)).toHaveLength(1);
    expect(files.prepared.filter((d) => d.licenceId === licenceId)).toHaveLength(1);
  });

  it('downloads work for the holder only, are logged per licence, and links fail for another account, after expiry or when forged', async () => {
    const owner = await buyer(test, 'downloader');
    const thief = await buyer(test, 'thief');
    const beatId = await beatOf(owner);
    const { body: started } = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard'));
    await pay(started.id as string);
    const [{ id: licenceId }] = await sql<{ id: string }>(test, 'select id from licences where beat_id = ?', [beatId]);
    await filesReady(test, licenceId);

    const link = await graphql<{ requestLicenceDownload: { url: string; fileName: string; expiresAt: string } }>(test.url, DOWNLOAD, { l: licenceId, f: 'WAV' }, owner.accessToken);
    const { url, fileName } = link.data!.requestLicenceDownload;
    expect(fileName).toBe('beat.wav');
    const got = await fetch(url, { headers: bearer(owner.accessToken) });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/wav');
    expect(got.headers.get('content-disposition')).toContain('beat.wav');
    expect(await got.text()).toBe(`wav of ${licenceId}`);
    expect(await sql(test, 'select file, user_id from licence_downloads where licence_id = ?', [licenceId])).toEqual([{ file: 'wav', user_id: owner.id }]);

    // A standard lease has no stems.
    const stems = await graphql(test.url, DOWNLOAD, { l: licenceId, f: 'STEMS' }, owner.accessToken);
    expect(stems.errors?.[0]).toMatchObject({ message: 'This licence does not include stems.', extensions: { code: 'NOT_FOUND' } });
    // Another account: no link for them, and the holder's link does not work for them, nor without sign-in.
    expect((await graphql(test.url, DOWNLOAD, { l: licenceId, f: 'MP3' }, thief.accessToken)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const stolen = await fetch(url, { headers: bearer(thief.accessToken) });
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toEqual({ error: 'This download link belongs to another account.' });
    // A browser opens the link as is (no bearer on a navigation) and streams the file to disk as an
    // attachment (issue 30); a forged bearer token is still refused at the door.
    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-disposition')).toBe('attachment; filename=beat.wav');
    expect(opened.headers.get('content-length')).toBe(String(`wav of ${licenceId}`.length));
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(await opened.text()).toBe(`wav of ${licenceId}`);
    expect((await fetch(url, { headers: bearer('not-a-token') })).status).toBe(401);
    // An expired link (minted as if 10 minutes ago), and forged ones.
    const ownerUser = await test.app.services.accounts.getById(owner.id);
    const old = await test.app.services.licences.requestDownload(ownerUser, licenceId, 'mp3', Date.now() - 10 * 60_000);
    const expired = await fetch(old.url, { headers: bearer(owner.accessToken) });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'This download link has expired.' });
    const expiredAsIs = await fetch(old.url);
    expect(expiredAsIs.status).toBe(403);
    expect(expiredAsIs.headers.get('content-disposition')).toBeNull();
    const [payload, signature] = url.split('/').pop()!.split('.');
    const forgedPayload = Buffer.from(JSON.stringify([licenceId, 'wav', owner.id, Date.now() + 86_400_000])).toString('base64url');
    for (const token of [`${forgedPayload}.${signature}`, `${payload}.AAAA`, 'garbage']) {
      const forged = await fetch(`${test.url}/licence-downloads/${token}`, { headers: bearer(owner.accessToken) });
      expect(forged.status).toBe(403);
      expect((await fetch(`${test.url}/licence-downloads/${token}`)).status).toBe(403);
    }
    // The holder's download and the bearer-less one are logged for the holder; refusals are not.
    expect(await sql(test, 'select file, user_id from licence_downloads where licence_id = ?', [licenceId])).toEqual([
      { file: 'wav', user_id: owner.id },
      { file: 'wav', user_id: owner.id },
    ]);
  });

  it('an exclusive supersedes the owner\'s leases; the beat then offers nothing and refuses checkouts; the database allows one exclusive per beat', async () => {
    const owner = await buyer(test, 'exclusive', PLAN_LEVEL.premium);
    const beatId = await beatOf(owner);
    const lease = (await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard'))).body.id as string;
    await pay(lease);
    // An exclusive checkout opened, and a second lease checkout left open, before the exclusive is paid.
    const exclusive = (await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'excindie'))).body.id as string;
    const lateLease = (await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'advanced'))).body.id as string;
    await pay(exclusive);

    const rows = await sql<{ id: string; tier: string; status: string }>(test, 'select id, tier, status from licences where beat_id = ? order by issued_at', [beatId]);
    expect(rows.map((r) => [r.tier, r.status])).toEqual([['standard', 'superseded'], ['excindie', 'valid']]);
    const verified = await graphql<{ licenceVerification: Record<string, unknown> }>(test.url, VERIFY, { id: rows[0].id });
    expect(verified.data!.licenceVerification).toMatchObject({ status: 'SUPERSEDED', tier: 'standard', tierTitle: 'Standard Lease', beatTitle: 'Midnight Run', maskedBuyerName: 'A*** L***' });

    const offer = await graphql<{ beatLicenceOffer: { soldExclusively: boolean; options: unknown[]; tiers: { priceId: string; available: boolean; unavailableReason: string; unavailableMessage: string }[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
    expect(offer.data!.beatLicenceOffer).toMatchObject({ soldExclusively: true, options: [] });
    // Every tier is still listed, each disabled with the reason.
    expect(offer.data!.beatLicenceOffer.tiers.map((t) => [t.priceId, t.available, t.unavailableReason, t.unavailableMessage])).toEqual(
      ['standard', 'advanced', 'excindie', 'exclabel'].map((tier) => [tier, false, 'SOLD_EXCLUSIVELY', 'This beat has been sold exclusively and is no longer for sale.']),
    );
    expect(await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).toMatchObject({ status: 409, body: { error: 'This beat has been sold exclusively and is no longer for sale.' } });
    for (const tier of ['standard', 'exclabel']) {
      expect(await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, tier))).toMatchObject({ status: 409, body: { error: 'This beat has been sold exclusively and is no longer for sale.' } });
    }

    // The lease checkout opened before the exclusive sold is paid: refunded, and the buyer told why.
    await pay(lateLease);
    const state = await graphql<{ licenceForCheckoutSession: { status: string; refundReason: string; licence: null } }>(test.url, STATE, { s: lateLease }, owner.accessToken);
    expect(state.data!.licenceForCheckoutSession).toMatchObject({ status: 'REFUNDED', refundReason: 'This beat was sold exclusively before your payment completed, so your payment was refunded in full.', licence: null });
    const notices = await graphql<{ licenceNotices: { kind: string }[] }>(test.url, NOTICES, {}, owner.accessToken);
    expect(notices.data!.licenceNotices.map((n) => n.kind).sort()).toEqual(['licence_issued', 'licence_issued', 'payment_refunded']);
    const [refunded] = await sql<{ id: string }>(test, `select id from licence_orders where checkout_session_id = ?`, [lateLease]);
    expect(outbox.mails.get(`licence-refund:${refunded.id}`)).toMatchObject({ to: owner.email, subject: 'Your licence payment was refunded' });
    expect((await sql(test, 'select id from licences where beat_id = ?', [beatId])).length).toBe(2);
    // The orders the admin dashboard lists: customer email, tier, price, status, producers.
    const listed = (await test.app.services.licences.orders({ limit: 200, offset: 0 })).filter((o) => o.beat.id === beatId);
    expect(listed.map((o) => [o.tier, o.status, o.buyerEmail, o.priceCents, o.producers.map((p) => p.producerName)]).sort()).toEqual([
      ['advanced', 'refunded', owner.email, 6000, [producer.producerName]],
      ['excindie', 'paid', owner.email, 45000, [producer.producerName]],
      ['standard', 'paid', owner.email, 2500, [producer.producerName]],
    ]);
    await expect(test.app.services.licences.orders({ limit: 0, offset: 0 })).rejects.toThrow('limit must be 1 to 200');

    // The constraint itself: a second exclusive row for the beat is refused by PostgreSQL.
    const [order] = await sql<{ id: string }>(test, `select id from licence_orders where checkout_session_id = ?`, [lateLease]);
    await expect(sql(test,
      `insert into licences (id, order_id, buyer_id, beat_id, tier, exclusive, price_cents, currency, status, buyer_first_name, buyer_last_name, buyer_country, terms, producers, issued_at)
       values (gen_random_uuid(), ?, ?, ?, 'exclabel', true, 1, 'usd', 'valid', 'X', 'Y', 'Canada', '{}', '[]', now())`,
      [order.id, owner.id, beatId])).rejects.toThrow(/licences_one_exclusive_per_beat/);
  });

  it('the verification page is public and shows nothing else about the buyer; unknown ids are not found', async () => {
    const owner = await buyer(test, 'verified');
    const beatId = await beatOf(owner);
    await pay((await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard'))).body.id as string);
    const [{ id }] = await sql<{ id: string }>(test, 'select id from licences where beat_id = ?', [beatId]);
    const answer = await graphql<{ licenceVerification: Record<string, unknown> }>(test.url, VERIFY, { id });
    expect(answer.data!.licenceVerification).toEqual({
      id, status: 'VALID', tier: 'standard', tierTitle: 'Standard Lease', issuedAt: expect.any(String), beatTitle: 'Midnight Run',
      producers: [{ name: producer.producerName, shareBasisPoints: 10000 }], maskedBuyerName: 'A*** L***',
    });
    expect(JSON.stringify(answer)).not.toContain(owner.email);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await graphql(test.url, VERIFY, { id: unknown })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('the licensee\'s name and country are validated as the profile is: refused alike on REST and GraphQL, no order; valid ones are printed as given', async () => {
    const owner = await buyer(test, 'licensee');
    const beatId = await beatOf(owner);
    const refusals: [Record<string, unknown>, string][] = [
      [{ country: '</Td><script>' }, 'Country must be one of the listed countries.'],
      [{ country: 'Atlantis' }, 'Country must be one of the listed countries.'],
      [{ first_name: `<b>Mallory</b>${'x'.repeat(90)}` }, 'First name must be at most 100 characters.'],
      [{ last_name: 'y'.repeat(101) }, 'Last name must be at most 100 characters.'],
    ];
    for (const [extra, error] of refusals) {
      expect(await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard', extra))).toMatchObject({ status: 400, body: { error } });
      const input = { beatId, leaseOptionId: 'standard', firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom',
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k === 'first_name' ? 'firstName' : k === 'last_name' ? 'lastName' : k, v])) };
      const gql = await graphql(test.url, CHECKOUT, { i: input }, owner.accessToken);
      expect(gql.errors?.[0]).toMatchObject({ message: error, extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await orders(beatId)).toEqual([]);
    // What the profile takes, the checkout takes: trimmed, from the list.
    const started = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard', { first_name: '  Zoë ', last_name: "O'Neil", country: 'Canada' }));
    expect(started.status).toBe(200);
    expect(await sql(test, 'select buyer_first_name, buyer_last_name, buyer_country from licence_orders where beat_id = ?', [beatId])).toEqual([
      { buyer_first_name: 'Zoë', buyer_last_name: "O'Neil", buyer_country: 'Canada' },
    ]);
    // Pay and Cancel take no fields: a body is refused and the order stays open.
    for (const action of ['pay', 'cancel']) {
      const withFields = await fetch(`${test.url}/local-licence-checkout/${started.body.id as string}/${action}`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'price_cents=1', redirect: 'manual',
      });
      expect(withFields.status).toBe(400);
    }
    expect(await orders(beatId)).toEqual([{ status: 'open', price_cents: 2500 }]);
  });

  it('the local checkout page of an unknown session is not found, and Cancel closes a checkout', async () => {
    expect((await fetch(`${test.url}/local-licence-checkout/local_cs_${'x'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${test.url}/local-licence-checkout/nope`)).status).toBe(404);
    const owner = await buyer(test, 'canceller');
    const beatId = await beatOf(owner);
    const id = (await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard'))).body.id as string;
    const cancelled = await fetch(`${test.url}/local-licence-checkout/${id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    const refused = await fetch(`${test.url}/local-licence-checkout/${id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(refused.status).toBe(409);
    expect(await sql(test, 'select id from licences where beat_id = ?', [beatId])).toEqual([]);
    // A new checkout after a cancelled one is a new order.
    const next = (await rest(test, 'POST', '/create-checkout-session', owner.accessToken, body(beatId, 'standard'))).body.id as string;
    expect(next).not.toBe(id);
  });
});
