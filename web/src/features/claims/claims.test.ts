import { buildSchema } from 'graphql';
import schemaSdl from '../../../../schema.graphql?raw';
import { ROOT_FIELDS } from '../../generated/root-fields';
import { CLAIMS, claimHolds, type ClaimId } from './claims';

const schema = buildSchema(schemaSdl);
const schemaRootFields = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
  type ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : [],
);

describe('claims that wait for their feature', () => {
  it('reads the root fields of the committed schema', () => {
    expect([...ROOT_FIELDS].sort()).toEqual([...schemaRootFields].sort());
  });

  it('holds a claim only when every capability it names exists in the schema', () => {
    const report = (Object.keys(CLAIMS) as ClaimId[]).map((id) => ({
      id,
      holds: claimHolds(id),
      missing: CLAIMS[id].requires.filter((capability) => !schemaRootFields.includes(capability)),
    }));
    for (const claim of report) expect(claim.holds).toBe(claim.missing.length === 0);
    // Licences sell (issue 17), producers are paid (issue 18) and staff refund subscription payments (issue 19).
    expect(report.filter((claim) => claim.holds).map((claim) => claim.id).sort()).toEqual(['licencePurchase', 'moneyBack', 'producerEarnings']);
    expect(claimHolds('moneyBack', ROOT_FIELDS.filter((f) => f !== 'Mutation.requestRefund'))).toBe(false);
    expect(claimHolds('producerEarnings', ROOT_FIELDS.filter((f) => f !== 'Query.myEarnings'))).toBe(false);
  });

  it('turns a claim on once its capabilities exist', () => {
    expect(claimHolds('licencePurchase', [...ROOT_FIELDS, 'Mutation.createLicenseCheckout'])).toBe(true);
    // Selling licences is not yet paying producers: earnings need the payouts' myEarnings too.
    expect(claimHolds('producerEarnings', ROOT_FIELDS.filter((f) => f !== 'Query.myEarnings'))).toBe(false);
    expect(claimHolds('producerEarnings', [...ROOT_FIELDS, 'Mutation.createLicenseCheckout', 'Query.myEarnings'])).toBe(true);
  });
});
