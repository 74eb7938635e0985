import { renderLicencePdf } from '../../src/modules/licence-files/licence-pdf';
import { platformProducer, termsInForce } from '../../src/modules/licences/licence-terms';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { registerAndSignIn } from '../support/users';
import { licenceDocument } from '../licence-files/licence-document.fixture';
import { pdfText } from '../producers/pdf-text';
import { OFFER, buyer, ownedBeat, userId } from './licence-world';

const TERMS = '{ licenceTierTerms { priceId title files streams details terms { label value } defaultPriceCents } }';

interface TierTerms {
  priceId: 'standard' | 'advanced' | 'excindie' | 'exclabel';
  title: string;
  files: string;
  streams: string;
  details: string[];
  terms: { label: string; value: string }[];
  defaultPriceCents: number;
}

let test: TestApp;
let tiers: TierTerms[];
beforeAll(async () => {
  test = await startTestApp();
  const answer = await graphql<{ licenceTierTerms: TierTerms[] }>(test.url, TERMS);
  expect(answer.errors).toBeUndefined();
  tiers = answer.data!.licenceTierTerms;
});
afterAll(() => test?.close());

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('Query.licenceTierTerms: the terms the information pages quote', () => {
  it('is public and lists the four tiers with the producers\' default terms (requirements §P9)', () => {
    expect(tiers.map((t) => [t.priceId, t.title, t.files, t.streams])).toEqual([
      ['standard', 'Standard Lease', 'MP3 and WAV', '10,000 streams'],
      ['advanced', 'Advanced Lease', 'MP3, WAV and stems', '250,000 streams'],
      ['excindie', 'Exclusive Rights (Indie)', 'MP3, WAV and stems', 'Unlimited streams'],
      ['exclabel', 'Exclusive Rights (Label)', 'MP3, WAV and stems', 'Unlimited streams'],
    ]);
    expect(tiers.map((t) => t.defaultPriceCents)).toEqual([2999, 7999, 49999, 99999]);
    expect(tiers[1].terms).toContainEqual({ label: 'Audio streams', value: '250,000' });
  });

  it('says what the Purchase Rights modal says for a beat whose producers keep the defaults', async () => {
    const owner = await buyer(test, 'terms');
    const producer = await registerAndSignIn(test, 'legacy');
    // A contributor without a producer record licenses on the platform defaults.
    const beatId = await ownedBeat(test, owner.id, [{ producerId: await userId(test, producer), name: 'Legacy', percent: 100 }]);
    const offer = await graphql<{ beatLicenceOffer: { options: { priceId: string; details: string[]; priceCents: number }[] } }>(test.url, OFFER, { b: beatId }, owner.accessToken);
    const options = offer.data!.beatLicenceOffer.options;
    for (const option of options) {
      const quoted = tiers.find((t) => t.priceId === option.priceId)!;
      expect({ tier: option.priceId, details: option.details, price: option.priceCents }).toEqual({ tier: quoted.priceId, details: quoted.details, price: quoted.defaultPriceCents });
    }
    expect(options.map((o) => o.priceId)).toEqual(expect.arrayContaining(['standard', 'advanced']));
  });

  it.each(['standard', 'advanced'] as const)('says what the licence PDF of a %s lease on the default terms prints', async (tier) => {
    const quoted = tiers.find((t) => t.priceId === tier)!;
    const terms = termsInForce(tier, [platformProducer('p', 'P')]);
    if (terms.kind !== 'lease') throw new Error('a lease');
    const pdf = await renderLicencePdf(licenceDocument({ tier, tierTitle: quoted.title, terms }), 'YSM');
    const text = squash((await pdfText(pdf)).pages.join('\n'));
    for (const line of quoted.terms) expect(text).toContain(`${line.label} ${line.value}`);
  });
});
