import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
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
