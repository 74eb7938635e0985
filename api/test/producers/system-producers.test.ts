import { startTestApp, type TestApp } from '../support/test-app';
import { PLAN_LEVEL, registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer } from '../support/producers';
import { buyer, ownedBeat } from '../licences/licence-world';
import { User } from '../../src/modules/accounts/user.entity';
import { refreshDemoProducers, type EnsureDemoProducers } from '../../src/modules/catalog/demo-seeder';
import { DEMO_PRODUCERS } from '../../src/modules/catalog/demo-library/producers';
import { DEFAULT_PRICES_CENTS } from '../../src/modules/producers/pricing';
import { defaultContractTerms } from '../../src/modules/producers/contract-terms';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

describe('demo producers become producer records', () => {
  it('creates them with default prices and terms, once, and beats show their producer names', async () => {
    const user = await registerAndSignIn(test, 'demo');
    const [{ id }] = await sql<{ id: string }>('select id from users where email = ?', [user.email]);
    const entry = { userId: id, producerName: 'Nightshift Test', email: 'nightshift@demo.invalid' };
    const producers = test.app.services.producers;
    await test.app.orm.em.fork().transactional((em) => producers.ensureSystemProducers(em, [entry]));
    await test.app.orm.em.fork().transactional((em) => producers.ensureSystemProducers(em, [entry]));
    const rows = await sql<Record<string, unknown>>('select * from producers where user_id = ?', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      prod_name: 'Nightshift Test',
      price_standard_cents: DEFAULT_PRICES_CENTS.standard,
      price_excindie_cents: DEFAULT_PRICES_CENTS.excindie,
      standlease_terms: defaultContractTerms().standlease_terms,
      exclabel_terms: { sell_exclusives: 'No', additional_comments: '' },
    });
    expect(await producers.displayNames([id])).toEqual(new Map([[id, 'Nightshift Test']]));
  });
});

describe('demo producers sell exclusives (issue 30)', () => {
  const subject = (key: string) => `demo-producer:${key}`;
  /** The demo producers' accounts as a seed makes them (no password, subject demo-producer:<key>). */
  async function demoAccounts(keys: string[]) {
    const em = test.app.orm.em.fork();
    const users = keys.map((key) => {
      const producer = DEMO_PRODUCERS.find((p) => p.key === key)!;
      return em.create(User, { subject: subject(key), email: `${producer.username}@demo.invalid`, username: producer.username, usernameKey: producer.username.toLowerCase(), creatorName: producer.displayName, userType: 'producer', passwordHash: null });
    });
    await em.flush();
    return users;
  }
  const exclusiveState = (userIds: string[]) =>
    sql<{ user_id: string; excindie: string; exclabel: string; price_excindie_cents: number; price_exclabel_cents: number; price_standard_cents: number; updated_at: Date }>(
      `select user_id, excindie_terms ->> 'sell_exclusives' as excindie, exclabel_terms ->> 'sell_exclusives' as exclabel,
              price_excindie_cents, price_exclabel_cents, price_standard_cents, updated_at from producers where user_id in (?) order by prod_name`,
      [userIds],
    );

  it('an install seeded before gets them at the next start: each demo producer sells both exclusives at its own prices, once; a real producer keeps "No"', async () => {
    const users = await demoAccounts(['nightshift', 'velvet']);
    const producers = test.app.services.producers;
    // Records as the seeder made them before: the defaults, exclusives "No".
    await test.app.orm.em.fork().transactional((em) => producers.ensureSystemProducers(em, users.map((u) => ({ userId: u.id, producerName: u.creatorName!, email: u.email }))));
    expect((await exclusiveState(users.map((u) => u.id))).map((r) => [r.excindie, r.exclabel])).toEqual([['No', 'No'], ['No', 'No']]);
    const real = await registerAndSignIn(test, 'realproducer');
    const [{ id: realId }] = await sql<{ id: string }>('select id from users where email = ?', [real.email]);
    await test.app.orm.em.fork().transactional((em) => producers.ensureSystemProducers(em, [{ userId: realId, producerName: 'Real One', email: real.email }]));

    const ensure: EnsureDemoProducers = (em, list) => producers.ensureSystemProducers(em, list);
    expect(await refreshDemoProducers(test.app.orm, ensure)).toBe(2);
    const after = await exclusiveState(users.map((u) => u.id));
    expect(after.map((r) => [r.excindie, r.exclabel, r.price_excindie_cents, r.price_exclabel_cents, r.price_standard_cents])).toEqual(
      ['nightshift', 'velvet'].map((key) => {
        const prices = DEMO_PRODUCERS.find((p) => p.key === key)!.exclusivePricesCents;
        return ['Yes', 'Yes', prices.excindie, prices.exclabel, DEFAULT_PRICES_CENTS.standard];
      }),
    );
    // The prices are their own: no two demo producers ask the same, and none asks the platform default.
    const all = DEMO_PRODUCERS.map((p) => p.exclusivePricesCents.excindie);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(DEFAULT_PRICES_CENTS.excindie);
    // Again: nothing is written.
    expect(await refreshDemoProducers(test.app.orm, ensure)).toBe(2);
    expect((await exclusiveState(users.map((u) => u.id))).map((r) => r.updated_at)).toEqual(after.map((r) => r.updated_at));
    // A producer who is not a demo producer keeps the spec's default.
    expect((await exclusiveState([realId])).map((r) => [r.excindie, r.exclabel])).toEqual([['No', 'No']]);
    // A new producer signing up still defaults to "No" (requirements §P9).
    const signedUp = await registerProducer(test, 'newcomer');
    const [{ id: newId }] = await sql<{ id: string }>('select id from users where email = ?', [signedUp.email]);
    expect((await exclusiveState([newId])).map((r) => [r.excindie, r.exclabel])).toEqual([['No', 'No']]);
  });

  it('a beat of demo loops offers every tier to a Premium owner, exclusives priced by share from the demo producers\' own prices', async () => {
    const [cold, dusty] = await demoAccounts(['cold', 'dusty']);
    await refreshDemoProducers(test.app.orm, (em, list) => test.app.services.producers.ensureSystemProducers(em, list));
    const owner = await buyer(test, 'demobuyer', PLAN_LEVEL.premium);
    const beatId = await ownedBeat(test, owner.id, [{ producerId: dusty.id, name: 'Dusty Crates', percent: 60 }, { producerId: cold.id, name: 'Cold Front', percent: 40 }]);
    const offer = await graphql<{ beatLicenceOffer: { tiers: { priceId: string; available: boolean; priceCents: number }[] } }>(
      test.url, 'query($b: ID!) { beatLicenceOffer(beatId: $b) { tiers { priceId available priceCents } } }', { b: beatId }, owner.accessToken);
    const price = (key: string, tier: 'excindie' | 'exclabel') => DEMO_PRODUCERS.find((p) => p.key === key)!.exclusivePricesCents[tier];
    expect(offer.data!.beatLicenceOffer.tiers).toEqual([
      { priceId: 'standard', available: true, priceCents: DEFAULT_PRICES_CENTS.standard },
      { priceId: 'advanced', available: true, priceCents: DEFAULT_PRICES_CENTS.advanced },
      { priceId: 'excindie', available: true, priceCents: Math.floor((6000 * price('dusty', 'excindie') + 4000 * price('cold', 'excindie') + 5000) / 10000) },
      { priceId: 'exclabel', available: true, priceCents: Math.floor((6000 * price('dusty', 'exclabel') + 4000 * price('cold', 'exclabel') + 5000) / 10000) },
    ]);
  });
});
