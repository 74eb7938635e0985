import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { rest } from '../support/producers';
import { PLAN_LEVEL, registerAndSignIn } from '../support/users';
import { CHECKOUT, OFFER, RecordingLicenceFiles, RecordingOutbox, buyer, contract, ownedBeat, pricedProducer, sql, userId } from './licence-world';

type Tier = { priceId: string; available: boolean; unavailableReason: string | null; unavailableMessage: string | null };
const NO_EXCLUSIVES = 'A producer of this beat does not sell exclusive rights.';
const FULL_RIGHTS = 'Buying exclusive rights (full rights) needs Premium or a higher plan.';

let test: TestApp;
const files = new RecordingLicenceFiles();
const outbox = new RecordingOutbox();

beforeAll(async () => {
  test = await startTestApp({}, { licenceFiles: files, mailOutbox: outbox });
  files.blobs = test.app.blobs;
});
afterAll(async () => {
  await test?.close();
});

describe('prices and terms of a beat (GET /beat-prods/{beat_id}, Query.beatLicenceOffer)', () => {
  it('sums share x each producer\'s price per tier, with platform defaults for a contributor without prices, rounded to the cent', async () => {
    const a = await pricedProducer(test, 'pa', { price_standard: 20, price_advanced: 50, price_exclabel: 1000, price_excindie: 400 }, contract('Yes', { audio_streams: '5000', term_years: '10' }));
    const b = await pricedProducer(test, 'pb', { price_standard: 30.33, price_advanced: 60, price_exclabel: 2000, price_excindie: 500 }, contract('Yes', { term_years: '1', Synchronization_rights: 'Yes' }));
    // An uploader from before producer records: the platform defaults (29.99, 79.99, 999.99, 499.99).
    const c = await registerAndSignIn(test, 'legacy');
    const cId = await userId(test, c);
    const owner = await buyer(test, 'owner', PLAN_LEVEL.premium);
    const beatId = await ownedBeat(test, owner.id, [
      { producerId: a.id, name: 'A', percent: 50 },
      { producerId: b.id, name: 'B', percent: 33.33 },
      { producerId: cId, name: 'C', percent: 16.67 },
    ]);

    // standard: (5000 x 2000 + 3333 x 3033 + 1667 x 2999) / 10000 = 2510.83 -> 2511 cents
    // advanced: (5000 x 5000 + 3333 x 6000 + 1667 x 7999) / 10000 = 5833.23 -> 5833
    // excindie: (5000 x 40000 + 3333 x 50000 + 1667 x 49999) / 10000 = 44999.83 -> 45000
    // exclabel: (5000 x 100000 + 3333 x 200000 + 1667 x 99999) / 10000 = 133329.83 -> 133330
    const prices = await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken);
    expect(prices).toMatchObject({ status: 200, body: { standard: 25.11, advanced: 58.33, excindie: 450, exclabel: 1333.3 } });

    const offer = await graphql<{ beatLicenceOffer: { soldExclusively: boolean; options: { priceId: string; title: string; details: string[]; priceCents: number }[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
    expect(offer.data!.beatLicenceOffer.soldExclusively).toBe(false);
    expect(offer.data!.beatLicenceOffer.options.map((o) => [o.priceId, o.title, o.priceCents])).toEqual([
      ['standard', 'Standard Lease', 2511],
      ['advanced', 'Advanced Lease', 5833],
      ['excindie', 'Exclusive Rights (Indie)', 45000],
      ['exclabel', 'Exclusive Rights (Label)', 133330],
    ]);
    // The most restrictive term of each: 5,000 streams (A), a 1-year term (B).
    const standard = offer.data!.beatLicenceOffer.options[0].details;
    expect(standard).toEqual(expect.arrayContaining(['MP3 and WAV', '5,000 streams', '1-year term']));
    expect(offer.data!.beatLicenceOffer.options[1].details[0]).toBe('MP3, WAV and stems');
  });

  it('offers no exclusive when a producer of the beat does not sell exclusives, and says so for each exclusive tier', async () => {
    const yes = await pricedProducer(test, 'yes', { price_standard: 10, price_advanced: 20, price_exclabel: 300, price_excindie: 200 });
    const no = await pricedProducer(test, 'no', { price_standard: 10, price_advanced: 20, price_exclabel: 300, price_excindie: 200 }, contract('No'));
    // Premium: the plan is not the reason, the producer is.
    const owner = await buyer(test, 'owner2', PLAN_LEVEL.premium);
    const beatId = await ownedBeat(test, owner.id, [{ producerId: yes.id, name: 'Y', percent: 60 }, { producerId: no.id, name: 'N', percent: 40 }]);
    const offer = await graphql<{ beatLicenceOffer: { options: { priceId: string }[]; tiers: Tier[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
    expect(offer.data!.beatLicenceOffer.options.map((o) => o.priceId)).toEqual(['standard', 'advanced']);
    expect(offer.data!.beatLicenceOffer.tiers).toEqual([
      { priceId: 'standard', available: true, unavailableReason: null, unavailableMessage: null },
      { priceId: 'advanced', available: true, unavailableReason: null, unavailableMessage: null },
      { priceId: 'excindie', available: false, unavailableReason: 'PRODUCERS_DO_NOT_SELL', unavailableMessage: NO_EXCLUSIVES },
      { priceId: 'exclabel', available: false, unavailableReason: 'PRODUCERS_DO_NOT_SELL', unavailableMessage: NO_EXCLUSIVES },
    ]);
    expect((await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).body).toEqual({ standard: 10, advanced: 20, excindie: null, exclabel: null });
    const refused = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'exclabel', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
    expect(refused).toMatchObject({ status: 409, body: { error: NO_EXCLUSIVES } });
    const gql = await graphql(test.url, CHECKOUT, { i: { beatId, leaseOptionId: 'excindie', firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }, owner.accessToken);
    expect(gql.errors?.[0]).toMatchObject({ message: NO_EXCLUSIVES, extensions: { code: 'CONFLICT' } });
  });

  it('exclusives (full rights) are Premium and above: Free and Early Access see them disabled with the plan\'s reason and are refused alike on REST and GraphQL; leases stay open', async () => {
    const seller = await pricedProducer(test, 'sells', { price_standard: 10, price_advanced: 20, price_exclabel: 300, price_excindie: 200 });
    for (const level of [PLAN_LEVEL.free, PLAN_LEVEL.earlyAccess]) {
      const owner = await buyer(test, `below${level}`, level);
      const beatId = await ownedBeat(test, owner.id, [{ producerId: seller.id, name: 'S', percent: 100 }]);
      const offer = await graphql<{ beatLicenceOffer: { options: { priceId: string }[]; tiers: Tier[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
      expect(offer.data!.beatLicenceOffer.options.map((o) => o.priceId)).toEqual(['standard', 'advanced']);
      expect(offer.data!.beatLicenceOffer.tiers.slice(2)).toEqual([
        { priceId: 'excindie', available: false, unavailableReason: 'PLAN', unavailableMessage: FULL_RIGHTS },
        { priceId: 'exclabel', available: false, unavailableReason: 'PLAN', unavailableMessage: FULL_RIGHTS },
      ]);
      expect((await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).body).toEqual({ standard: 10, advanced: 20, excindie: null, exclabel: null });
      for (const tier of ['excindie', 'exclabel']) {
        const refused = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: tier, first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
        expect(refused).toMatchObject({ status: 403, body: { error: FULL_RIGHTS } });
        const gql = await graphql(test.url, CHECKOUT, { i: { beatId, leaseOptionId: tier, firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }, owner.accessToken);
        expect(gql.errors?.[0]).toMatchObject({ message: FULL_RIGHTS, extensions: { code: 'FORBIDDEN', reason: 'PLAN_REQUIRED', gate: 'fullRights', minLevel: 3 } });
      }
      expect(await sql(test, 'select id from licence_orders where beat_id = ?', [beatId])).toEqual([]);
      // A lease is open to every signed-in user.
      const lease = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'standard', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
      expect(lease.status).toBe(200);
    }
    for (const level of [PLAN_LEVEL.premium, PLAN_LEVEL.enterprise]) {
      const owner = await buyer(test, `plan${level}`, level);
      const beatId = await ownedBeat(test, owner.id, [{ producerId: seller.id, name: 'S', percent: 100 }]);
      const offer = await graphql<{ beatLicenceOffer: { tiers: Tier[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
      expect(offer.data!.beatLicenceOffer.tiers.every((t) => t.available)).toBe(true);
      const started = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'exclabel', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
      expect(started.status).toBe(200);
    }
  });

  it('a beat that credits nobody costs the platform defaults', async () => {
    const owner = await buyer(test, 'owner3', PLAN_LEVEL.premium);
    const beatId = await ownedBeat(test, owner.id, []);
    expect((await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).body).toEqual({ standard: 29.99, advanced: 79.99, excindie: 499.99, exclabel: 999.99 });
  });

  it('only the beat\'s owner sees its offer: another user\'s, an unknown and a malformed id are not found; anonymous is refused', async () => {
    const owner = await buyer(test, 'owner4');
    const stranger = await buyer(test, 'stranger');
    const beatId = await ownedBeat(test, owner.id, []);
    for (const id of [beatId, '00000000-0000-4000-8000-000000000000', 'not-a-beat']) {
      expect(await rest(test, 'GET', `/beat-prods/${id}`, stranger.accessToken)).toMatchObject({ status: 404, body: { error: 'That beat does not exist.' } });
    }
    const foreign = await graphql(test.url, OFFER, { b: beatId }, stranger.accessToken);
    expect(foreign.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await rest(test, 'GET', `/beat-prods/${beatId}`, null)).status).toBe(401);
    expect((await graphql(test.url, OFFER, { b: beatId })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
