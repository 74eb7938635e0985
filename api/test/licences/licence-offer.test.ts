import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { rest } from '../support/producers';
import { registerAndSignIn } from '../support/users';
import { OFFER, RecordingLicenceFiles, RecordingOutbox, buyer, contract, ownedBeat, pricedProducer, userId } from './licence-world';

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
    const owner = await buyer(test, 'owner');
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

  it('offers no exclusive when a producer of the beat does not sell exclusives', async () => {
    const yes = await pricedProducer(test, 'yes', { price_standard: 10, price_advanced: 20, price_exclabel: 300, price_excindie: 200 });
    const no = await pricedProducer(test, 'no', { price_standard: 10, price_advanced: 20, price_exclabel: 300, price_excindie: 200 }, contract('No'));
    const owner = await buyer(test, 'owner2');
    const beatId = await ownedBeat(test, owner.id, [{ producerId: yes.id, name: 'Y', percent: 60 }, { producerId: no.id, name: 'N', percent: 40 }]);
    const offer = await graphql<{ beatLicenceOffer: { options: { priceId: string }[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
    expect(offer.data!.beatLicenceOffer.options.map((o) => o.priceId)).toEqual(['standard', 'advanced']);
    expect((await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).body).toEqual({ standard: 10, advanced: 20, excindie: null, exclabel: null });
    const refused = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'exclabel', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'The producers of this beat do not sell exclusive rights.' } });
  });

  it('a beat that credits nobody costs the platform defaults', async () => {
    const owner = await buyer(test, 'owner3');
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
