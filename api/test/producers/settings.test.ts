import { writeFileSync } from 'node:fs';
import type { JsonObject } from '../support/json';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer, rest } from '../support/producers';
import { DEFAULT_ADVANCED_LEASE, DEFAULT_STANDARD_LEASE, defaultContractTerms } from '../../src/modules/producers/contract-terms';
import { pdfText } from './pdf-text';

let test: TestApp;
let producer: SignedInUser & { producerName: string };

beforeAll(async () => {
  test = await startTestApp();
  producer = await registerProducer(test, 'settings');
});
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);
const row = async (user: SignedInUser) => (await sql(`select p.* from producers p join users u on u.id = p.user_id where u.email = ?`, [user.email]))[0];

const contract = () => {
  const terms = defaultContractTerms();
  return {
    standlease_terms: { ...terms.standlease_terms, term_years: '10', additional_comments: 'Credit me as <b>Ada</b> & "friends"' },
    advancedlease_terms: { ...terms.advancedlease_terms, distribution_copies: '1,000,000', Synchronization_rights: 'Yes' },
    exclabel_terms: { sell_exclusives: 'Yes', additional_comments: '' },
    excindie_terms: { sell_exclusives: 'No' },
  };
};

describe('GET /producer-data and /producer-account', () => {
  it("answers a new producer's default prices and the spec's default terms", async () => {
    const { status, body } = await rest(test, 'GET', '/producer-data', producer.accessToken);
    expect(status).toBe(200);
    expect(body.pricingData).toEqual({ price_standard: 29.99, price_advanced: 79.99, price_exclabel: 999.99, price_excindie: 499.99 });
    expect(body.contractData).toEqual({
      standlease_terms: DEFAULT_STANDARD_LEASE,
      advancedlease_terms: DEFAULT_ADVANCED_LEASE,
      exclabel_terms: { sell_exclusives: 'No', additional_comments: '' },
      excindie_terms: { sell_exclusives: 'No', additional_comments: '' },
    });
    expect(body.contractData.standlease_terms).toMatchObject({ term_years: '3', distribution_copies: '1000', audio_streams: '10000', free_downloads: '5000', Nonprofit_performances: 'Yes', Performance_rights: 'No' });
    const account = await rest(test, 'GET', '/producer-account', producer.accessToken);
    expect(account.body.producer).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', prod_name: producer.producerName, prod_pro: 'BMI', prod_pro_id: '123456' });
  });
});

describe('POST /producer-pricing', () => {
  it('saves dollars as cents and answers the spec text', async () => {
    const { status, body } = await rest(test, 'POST', '/producer-pricing', producer.accessToken, { price_standard: 25, price_advanced: '49.50', price_exclabel: 100000, price_excindie: 0.01 });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Pricing data saved successfully.', pricingData: { price_standard: 25, price_advanced: 49.5, price_exclabel: 100000, price_excindie: 0.01 } });
    expect(await row(producer)).toMatchObject({ price_standard_cents: 2500, price_advanced_cents: 4950, price_exclabel_cents: 10_000_000, price_excindie_cents: 1 });
  });

  it.each([
    [{ price_standard: 0 }, 'Error saving pricing data. price_standard (Standard lease) must be more than $0.'],
    [{ price_advanced: -5 }, 'Error saving pricing data. price_advanced (Advanced lease) must be more than $0.'],
    [{ price_exclabel: 'ten' }, 'Error saving pricing data. price_exclabel (Exclusive (label)) must be a number.'],
    [{ price_excindie: 100000.01 }, 'Error saving pricing data. price_excindie (Exclusive (independent)) must be at most $100,000.'],
    [{ price_standard: 1.234 }, 'Error saving pricing data. price_standard (Standard lease) must have at most 2 decimals (cents).'],
    [{ price_standard: null }, 'Error saving pricing data. price_standard (Standard lease) is required and must be a number.'],
    [{ price_standard: '1e3' }, 'Error saving pricing data. price_standard (Standard lease) must be a number.'],
    [{ price_standard: 'NaN' }, 'Error saving pricing data. price_standard (Standard lease) must be a number.'],
    [{ price_platinum: 5 }, 'Error saving pricing data. Unknown field: price_platinum.'],
  ])('refuses %j with a clear text and changes nothing', async (change, message) => {
    const before = await row(producer);
    const { status, body } = await rest(test, 'POST', '/producer-pricing', producer.accessToken, { price_standard: 10, price_advanced: 20, price_exclabel: 30, price_excindie: 40, ...change });
    expect({ status, body }).toEqual({ status: 400, body: { error: message } });
    expect(await row(producer)).toEqual(before);
  });

  it('takes cents in GraphQL, with the same rules', async () => {
    const saved = await graphql<{ saveProducerPricing: { message: string; producer: { pricing: Record<string, number> } } }>(
      test.url,
      'mutation($i: ProducerPricingInput!) { saveProducerPricing(input: $i) { message producer { pricing { priceStandardCents priceExcindieCents } } } }',
      { i: { priceStandardCents: 1999, priceAdvancedCents: 4999, priceExclabelCents: 99_999, priceExcindieCents: 49_999 } },
      producer.accessToken,
    );
    expect(saved.data!.saveProducerPricing).toEqual({ message: 'Pricing data saved successfully.', producer: { pricing: { priceStandardCents: 1999, priceExcindieCents: 49_999 } } });
    const zero = await graphql(test.url, 'mutation($i: ProducerPricingInput!) { saveProducerPricing(input: $i) { message } }', { i: { priceStandardCents: 0, priceAdvancedCents: 1, priceExclabelCents: 1, priceExcindieCents: 1 } }, producer.accessToken);
    expect(zero.errors?.[0]).toMatchObject({ message: 'Error saving pricing data. price_standard (Standard lease) must be more than $0.', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('POST /producer-contract', () => {
  it('saves terms from the option lists; comments are stored as text', async () => {
    const { status, body } = await rest(test, 'POST', '/producer-contract', producer.accessToken, contract());
    expect(status).toBe(200);
    expect(body.message).toBe('Contract data saved successfully.');
    expect(body.contractData.standlease_terms).toMatchObject({ term_years: '10', additional_comments: 'Credit me as <b>Ada</b> & "friends"' });
    expect(body.contractData.advancedlease_terms).toMatchObject({ distribution_copies: '1000000', Synchronization_rights: 'Yes' });
    expect(body.contractData.exclabel_terms).toEqual({ sell_exclusives: 'Yes', additional_comments: '' });
  });

  it.each([
    [(c: JsonObject) => (c.standlease_terms.term_years = '2'), 'standlease_terms.term_years (Term (years)) must be one of 1, 3, 5, 10, 20, 25, Unlimited.'],
    [(c: JsonObject) => (c.advancedlease_terms.audio_streams = '7000'), 'advancedlease_terms.audio_streams (Audio streams) must be one of'],
    [(c: JsonObject) => (c.standlease_terms.Broadcast_rights = 'Maybe'), 'standlease_terms.Broadcast_rights (Broadcast rights) must be one of Yes, No.'],
    [(c: JsonObject) => (c.exclabel_terms.sell_exclusives = true), 'exclabel_terms.sell_exclusives (Sell exclusives) is required.'],
    [(c: JsonObject) => (c.standlease_terms.additional_comments = 'x'.repeat(1001)), 'standlease_terms.additional_comments must be at most 1000 characters.'],
    [(c: JsonObject) => (c.standlease_terms.additional_comments = 'bell\u0007'), 'standlease_terms.additional_comments contains characters that are not allowed.'],
    [(c: JsonObject) => delete c.advancedlease_terms.free_downloads, 'advancedlease_terms.free_downloads (Free downloads) is required.'],
    [(c: JsonObject) => delete c.excindie_terms, 'excindie_terms must be an object.'],
    [(c: JsonObject) => (c.standlease_terms.royalty = '50%'), 'Unknown field: royalty.'],
  ])('refuses a bad term with a clear text and changes nothing (%#)', async (spoil, message) => {
    const before = await row(producer);
    const body = contract();
    spoil(body);
    const answer = await rest(test, 'POST', '/producer-contract', producer.accessToken, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(`Error saving contract data. ${message}`);
    expect(await row(producer)).toEqual(before);
  });
});

describe('PUT /producer-account', () => {
  it('updates the editable fields and keeps the read-only ones', async () => {
    const current = (await rest(test, 'GET', '/producer-account', producer.accessToken)).body.producer;
    const { status, body } = await rest(test, 'PUT', '/producer-account', producer.accessToken, { ...current, prod_email: 'New@Example.com', prod_pro: 'GEMA', prod_pro_id: 'G-1' });
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Producer data updated successfully.', producer: { ...current, prod_email: 'new@example.com', prod_pro: 'GEMA', prod_pro_id: 'G-1' } });
    const cleared = await rest(test, 'PUT', '/producer-account', producer.accessToken, { producer: { prod_pro: '' } });
    expect(cleared.body.producer).toMatchObject({ prod_pro: null, prod_pro_id: 'G-1', prod_email: 'new@example.com' });
  });

  it.each([
    [{ first_name: 'Grace' }, 'Error updating producer data. Name cannot be changed.'],
    [{ birth_date: '1970-01-01' }, 'Error updating producer data. Birth date cannot be changed.'],
    [{ prod_name: 'Someone Else' }, 'Error updating producer data. Producer name cannot be changed.'],
    [{ prod_email: 'nope' }, 'Error updating producer data. Email is not a valid email address.'],
    [{ prod_pro: 'RIAA' }, 'Error updating producer data. PRO must be one of BMI, ASCAP, SESAC, TONO, GEMA, MCSC, ECAD.'],
    [{ prod_pro_id: 'x'.repeat(51) }, 'Error updating producer data. PRO ID must be at most 50 characters.'],
    [{ prod_email: 'a@b.co', user_id: 'someone' }, 'Error updating producer data. Unknown field: user_id.'],
  ])('refuses %j and changes nothing', async (change, message) => {
    const before = await row(producer);
    const answer = await rest(test, 'PUT', '/producer-account', producer.accessToken, change);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: message } });
    expect(await row(producer)).toEqual(before);
  });

  it("can only ever change the caller's own record", async () => {
    const other = await registerProducer(test, 'other');
    const before = await row(other);
    await rest(test, 'PUT', '/producer-account', producer.accessToken, { prod_email: 'mine@example.com' });
    expect(await row(other)).toEqual(before);
    const listener = await registerAndSignIn(test, 'nobody');
    expect((await rest(test, 'PUT', '/producer-account', listener.accessToken, { prod_email: 'x@example.com' })).status).toBe(403);
    expect((await rest(test, 'POST', '/producer-pricing', listener.accessToken, { price_standard: 1, price_advanced: 1, price_exclabel: 1, price_excindie: 1 })).status).toBe(403);
    expect((await rest(test, 'POST', '/producer-contract', listener.accessToken, contract())).status).toBe(403);
  });
});

describe('GET /producer-agreement', () => {
  it("is a real PDF with the producer's details, share, prices, terms, comments as text, exclusivity, ownership and date", async () => {
    await rest(test, 'POST', '/producer-pricing', producer.accessToken, { price_standard: 25, price_advanced: 49.5, price_exclabel: 1500, price_excindie: 750 });
    await rest(test, 'POST', '/producer-contract', producer.accessToken, contract());
    const email = (await rest(test, 'GET', '/producer-account', producer.accessToken)).body.producer.prod_email;
    const { status, body, headers } = await rest(test, 'GET', '/producer-agreement', producer.accessToken);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="?YSM-producer-agreement-.+\.pdf"?$/);
    const pdf = body as unknown as Buffer;
    if (process.env.AGREEMENT_PDF_OUT) writeFileSync(process.env.AGREEMENT_PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await pdfText(pdf);
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(title).toBe('YSM Producer Agreement');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (const expected of [
      'YSM Producer Agreement', `Dated ${today}`, 'Ada Lovelace', producer.producerName, email,
      '90% of the licence fees', 'after payment processing fees', "each producer's share of the beat",
      'Standard lease: $25.00', 'Advanced lease: $49.50', 'Exclusive licence (label): $1,500.00', 'Exclusive licence (independent): $750.00',
      'Term (years) 10', 'Distribution copies 1,000,000', 'Synchronization rights Yes',
      'Credit me as <b>Ada</b> & "friends"',
      'unique to the user who generated it and is never given to another user', "loops themselves stay in the catalogue",
      '100% ownership',
    ]) {
      expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
    }
  });

  it('is also served over GraphQL, and refuses users who are not producers', async () => {
    const gql = await graphql<{ producerAgreement: { fileName: string; contentType: string; contentBase64: string } }>(
      test.url, '{ producerAgreement { fileName contentType contentBase64 } }', {}, producer.accessToken,
    );
    expect(gql.data!.producerAgreement.contentType).toBe('application/pdf');
    expect(Buffer.from(gql.data!.producerAgreement.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const listener = await registerAndSignIn(test, 'reader');
    expect((await rest(test, 'GET', '/producer-agreement', listener.accessToken)).status).toBe(403);
  });
});
