import { buildSchema, graphql } from 'graphql';
import schemaSdl from '../../../schema.graphql?raw';
import { DATASET_GENRES } from '../../../api/src/modules/catalog/dataset-genres';
import { PLANS } from '../../../api/src/modules/billing/plans';
import { servedPlan } from '../../../api/src/modules/billing/plan-features';
import { defaultTierTerms } from '../../../api/src/modules/licences/licence-tier-terms';
import { FakeBackend } from './fake-backend';
import { TEST_API_URL } from './test-config';

const schema = buildSchema(schemaSdl);

/** The plans as the api serves them from the committed schema (features not built yet are coming soon). */
export const servedPlans = () => PLANS.map((plan) => servedPlan(plan, schema));

type Resolvers = Record<string, (args: Record<string, unknown>) => unknown>;

/**
 * The FakeBackend plus the public queries of the marketing pages (plans, sampleBeats,
 * platformStats, datasetGenres, licenceTierTerms), executed against the committed schema so a document that does not match it fails.
 * Every other request goes to the FakeBackend.
 */
export class MarketingBackend extends FakeBackend {
  readonly resolvers: Resolvers = {
    plans: () => servedPlans(),
    platformStats: () => this.platformStats,
    sampleBeats: () => this.sampleBeats,
    datasetGenres: () => this.dataset,
    // The api's own terms module: what the pages show is checked against the one source.
    licenceTierTerms: () => defaultTierTerms().map(({ tier, ...rest }) => ({ priceId: tier, ...rest })),
  };

  sampleBeats: unknown[] = [];
  platformStats: { producers: number; beatsThisMonth: number } = { producers: 0, beatsThisMonth: 0 };
  dataset: unknown = datasetOf([]);

  constructor() {
    super();
    const base = this.fetch;
    Object.defineProperty(this, 'fetch', {
      value: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url === `${TEST_API_URL}/graphql` && typeof init.body === 'string') {
          const body = JSON.parse(init.body) as { query: string; operationName?: string; variables?: Record<string, unknown> };
          if (Object.keys(this.resolvers).some((field) => body.operationName?.toLowerCase() === field.toLowerCase())) {
            const result = await graphql({ schema, source: body.query, variableValues: body.variables, rootValue: this.resolvers });
            return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/json' } });
          }
        }
        return base(input, init);
      },
    });
  }
}

/** A datasetGenres answer: the api's 20 genres with the given shares by name (others 0). */
export function datasetOf(shares: readonly (readonly [string, number])[]) {
  const byName = new Map(shares);
  const genres = DATASET_GENRES.map((g) => ({ name: g.name, share: byName.get(g.name) ?? 0, samples: byName.get(g.name) ?? 0, style: g.style, artists: [...g.artists] }));
  const counted = shares.reduce((a, [, s]) => a + s, 0);
  return { genres, totalSamples: counted, countedSamples: counted, contributionThreshold: 7 };
}

/** A sampleBeats item. */
export function sampleBeat(n: number, over: Record<string, unknown> = {}) {
  return {
    id: `beat-${n}`,
    title: `Sample ${n}`,
    genre: ['Trap', 'Lo-Fi', 'R&B', 'Boom Bap'][n % 4],
    audioUrl: `http://api.test/media/beat-${n}.mp3`,
    key: 'F#',
    mode: 'Minor',
    bpm: 140,
    structure: 'IVCO',
    durationSeconds: 27.4,
    peaks: Array.from({ length: 120 }, (_, i) => ((i * 7) % 10) / 10),
    ...over,
  };
}
