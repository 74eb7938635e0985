import { buildSchema, graphql, type ExecutionResult } from 'graphql';
import schemaSdl from '../../../../../schema.graphql?raw';
import { ADDITIONAL_COMMENTS_MAX, DISTRIBUTION_COPIES, FREE_DOWNLOADS, STREAMS, TERM_YEARS, YES_NO } from '../../../../../api/src/modules/producers/contract-terms';
import { MAX_PRICE_CENTS } from '../../../../../api/src/modules/producers/pricing';
import { DomainError } from '../../../../../api/src/platform/errors';
import { TEXTS, saveFailed } from '../../../../../api/src/modules/producers/producers.errors';
import { MIN_PRODUCER_AGE, PRO_OPTIONS, parseContract, parsePricing, parseSignup } from '../../../../../api/src/modules/producers/producers.schemas';
import { FakeBackend, defaultProducer, gqlError } from '../../../test/fake-backend';

const schema = buildSchema(schemaSdl);
const OPERATIONS = new Set([
  'ContractTermOptions', 'MyPayoutAccount', 'ProducerSignup', 'SaveProducerPricing', 'SaveProducerContract', 'UpdateProducerAccount',
  'ProducerAgreement', 'ExpressDashboard', 'PayoutOnboardingLink', 'MyCompositions', 'MyDrumLoops', 'UpdateCompositionTags',
  'UpdateDrumLoopTags', 'WithdrawComposition', 'WithdrawDrumLoop', 'MyEarnings', 'MyEarningsCharts',
]);

type Row = Record<string, unknown>;
type Lease = Record<string, string | null | undefined>;

// The api's GraphQL-to-REST conversions (producers.presenter.ts; importing it would pull the ORM entities in).
const signupBody = (i: Record<string, string | null | undefined>) => ({ ...i, proPro: i.proPro ?? null, proProId: i.proProId ?? null, masterRoyaltiesInfo: i.masterRoyaltiesInfo ?? null });
const pricingBody = (i: Record<string, number>) => ({
  price_standard: i.priceStandardCents / 100, price_advanced: i.priceAdvancedCents / 100, price_exclabel: i.priceExclabelCents / 100, price_excindie: i.priceExcindieCents / 100,
});
const leaseBody = (t: Lease) => ({
  term_years: t.termYears, distribution_copies: t.distributionCopies, audio_streams: t.audioStreams, free_downloads: t.freeDownloads,
  vid_streams: t.vidStreams, nonmonvid_streams: t.nonmonvidStreams, mv_streams: t.mvStreams, nonmonmv_streams: t.nonmonmvStreams,
  Broadcast_rights: t.broadcastRights, Performance_rights: t.performanceRights, Nonprofit_performances: t.nonprofitPerformances,
  Synchronization_rights: t.synchronizationRights, additional_comments: t.additionalComments ?? '',
});
const exclusiveBody = (t: Lease) => ({ sell_exclusives: t.sellExclusives, additional_comments: t.additionalComments ?? '' });
const contractBody = (i: Record<string, Lease>) => ({
  standlease_terms: leaseBody(i.standleaseTerms), advancedlease_terms: leaseBody(i.advancedleaseTerms), exclabel_terms: exclusiveBody(i.exclabelTerms), excindie_terms: exclusiveBody(i.excindieTerms),
});

/** The api's own validation (producers.schemas.ts) as GraphQL errors, so the tests see the server's texts. */
function asGraphQLError(error: unknown, prefix?: string): never {
  const mapped = prefix ? saveFailed(prefix, error) : error;
  if (mapped instanceof DomainError) throw gqlError(mapped.message, mapped.code);
  throw mapped;
}

const tags = (genre: string) => ({ artists: ['Metro'], instruments: ['piano'], genres: [genre], moods: ['dark'], tempoStyles: ['half-time'] });

export function composition(overrides: Row = {}): Row {
  return {
    id: 'comp-1', tags: tags('Trap'), bpm: 140, key: 'A', mode: 'Minor', bars: 8, detectedBpm: 140, detectedKey: 'A', detectedMode: 'Minor',
    bpmMismatch: false, keyMismatch: false, stems: [{ id: 'stem-1', fileName: 'keys.wav', durationSeconds: 13.7, loudnessLufs: -14 }, { id: 'stem-2', fileName: 'bells.wav', durationSeconds: 13.7, loudnessLufs: -16 }],
    createdAt: '2026-11-20T10:00:00.000Z', withdrawnAt: null, ...overrides,
  };
}

export function earningsTotals(overrides: Row = {}): Row {
  return { earnedCents: 0, paidCents: 0, pendingCents: 0, heldCents: 0, reversedCents: 0, failedCents: 0, ...overrides };
}

export function earningsOrder(overrides: Row = {}): Row {
  return {
    orderId: 'order-1', beatId: 'beat-1', beatTitle: 'Night Drive', tier: 'standard', date: '2026-11-24T18:30:00.000Z', sharePercent: 60,
    amountCents: 1556, reversedCents: 0, status: 'paid', failure: null, ...overrides,
  };
}

export function drumLoop(overrides: Row = {}): Row {
  return {
    id: 'drum-1', fileName: 'Kick_140.wav', drumType: 'Kicks', tags: { ...tags('Phonk'), instruments: [] }, bpm: 140, key: null, mode: null, bars: 8,
    detectedBpm: 118.4, detectedKey: null, bpmMismatch: true, keyMismatch: false, durationSeconds: 13.7,
    createdAt: '2026-11-21T10:00:00.000Z', withdrawnAt: null, ...overrides,
  };
}

/**
 * The fake network plus the producer operations answered as the api answers them: its option
 * lists, its validation and texts (imported from the api), signup, saves, the agreement, payout
 * links and My uploads.
 */
export class ProducersBackend extends FakeBackend {
  payoutAccount: Row | null = { id: 'local_acct_1', provider: 'local', detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null, onboardingComplete: true };
  onboardingUrl = 'http://api.test/local-payouts/local_acct_1/onboarding';
  dashboardUrl = 'http://api.test/local-payouts/local_acct_1/dashboard';
  agreementBase64 = btoa('%PDF-1.7 fake agreement');
  /** Replaces an operation's answer (e.g. to throw). */
  readonly overrides = new Map<string, (args: never) => unknown>();
  compositions: Row[] = [composition()];
  drumLoops: Row[] = [drumLoop()];
  /** Rows per page of My uploads (the api's is 20). */
  uploadsPageSize = 20;
  /** What myEarnings answers (its orders paged 20 a page, as the api does). */
  earnings: { totals: Row; orders: Row[]; loops: Row[] } = { totals: earningsTotals(), orders: [], loops: [] };
  /** What myEarningsCharts answers (months is filled to the number asked for, newest last). */
  charts: { months: Row[]; tiers: Row[]; weeks: Row[]; loops: Row[] } = { months: [], tiers: [], weeks: [], loops: [] };
  /** What GET /producer-earnings/statement answers: the file's bytes, or an error status and message. */
  statement: { status: number; body: string; error?: string } = { status: 200, body: 'date,kind\r\n' };
  /** Holds an operation's answer until the promise settles. */
  readonly gates = new Map<string, Promise<void>>();

  constructor() {
    super();
    const base = this.fetch;
    (this as unknown as { fetch: FakeBackend['fetch'] }).fetch = (input, init) => this.producerFetch(input, init, base);
  }

  /** GET /producer-earnings/statement: a file for a signed-in producer, as the api answers it. */
  private statementFetch(url: string, init: RequestInit): Response {
    const headers = new Headers(init.headers);
    this.requests.push({ method: 'GET', url, path: new URL(url, 'http://api.test').pathname, headers, credentials: init.credentials, body: null });
    if (!headers.has('authorization')) return new Response(JSON.stringify({ error: 'You must be signed in.' }), { status: 401 });
    if (this.statement.status !== 200) return new Response(JSON.stringify({ error: this.statement.error }), { status: this.statement.status, headers: { 'content-type': 'application/json' } });
    const format = new URL(url, 'http://api.test').searchParams.get('format');
    return new Response(this.statement.body, { status: 200, headers: { 'content-type': format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8' } });
  }

  private async producerFetch(input: RequestInfo | URL, init: RequestInit = {}, base: FakeBackend['fetch']): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, 'http://api.test').pathname === '/producer-earnings/statement') return this.statementFetch(url, init);
    const body = typeof init.body === 'string' && init.body.startsWith('{') ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    if (!body || !OPERATIONS.has(String(body.operationName))) return base(input, init);
    const headers = new Headers(init.headers);
    this.requests.push({ method: 'POST', url, path: '/graphql', headers, credentials: init.credentials, body });
    await this.gates.get(String(body.operationName));
    const signedIn = headers.has('authorization');
    const requireProducer = () => {
      if (!signedIn) throw gqlError('You must be signed in.', 'UNAUTHENTICATED');
      if (!this.producer) throw gqlError('Only producers can do this.', 'FORBIDDEN');
      return this.producer;
    };
    // A test's override of one operation runs instead of the default answer (after the sign-in check).
    const override = <A,>(name: string, answer: (args: A) => unknown) => (args: A) => {
      const custom = this.overrides.get(name) as ((a: A) => unknown) | undefined;
      return custom ? custom(args) : answer(args);
    };
    // Pages as the api does: a page past the end answers no rows with the right counts.
    const page = (items: Row[], requested: number) => {
      const live = items.filter((item) => !item.withdrawnAt);
      const size = this.uploadsPageSize;
      return { items: live.slice((requested - 1) * size, requested * size), total: live.length, page: requested, pages: Math.max(1, Math.ceil(live.length / size)) };
    };
    const rootValue = {
      contractTermOptions: () => ({
        termYears: [...TERM_YEARS], distributionCopies: [...DISTRIBUTION_COPIES], streams: [...STREAMS], freeDownloads: [...FREE_DOWNLOADS],
        yesNo: [...YES_NO], pros: [...PRO_OPTIONS], additionalCommentsMaxLength: ADDITIONAL_COMMENTS_MAX, maxPriceCents: MAX_PRICE_CENTS, minimumAge: MIN_PRODUCER_AGE,
      }),
      myPayoutAccount: override('myPayoutAccount', () => this.payoutAccount),
      producerSignup: override('producerSignup', ({ input }: { input: Parameters<typeof signupBody>[0] }) => {
        if (this.producer) return { redirect: 'http://web.test/stripe-connect/success', created: false, producer: this.producer };
        let parsed;
        try {
          parsed = parseSignup(signupBody(input));
        } catch (error) {
          asGraphQLError(error);
        }
        this.producer = { ...defaultProducer(), firstName: parsed.firstName, lastName: parsed.lastName, email: parsed.email, birthDate: parsed.birthDate, producerName: parsed.producerName, pro: parsed.proPro, proId: parsed.proProId, masterRoyaltiesInfo: parsed.masterRoyaltiesInfo };
        this.payoutAccount = { ...this.payoutAccount!, detailsSubmitted: false, payoutsEnabled: false, chargesEnabled: false, requirementsDue: ['local_onboarding'], onboardingComplete: false };
        return { redirect: this.onboardingUrl, created: true, producer: this.producer };
      }),
      saveProducerPricing: override('saveProducerPricing', ({ input }: { input: Parameters<typeof pricingBody>[0] }) => {
        const producer = requireProducer();
        try {
          parsePricing(pricingBody(input));
        } catch (error) {
          asGraphQLError(error, TEXTS.pricingFailed);
        }
        this.producer = { ...producer, pricing: { ...input } };
        return { message: TEXTS.pricingSaved, producer: this.producer };
      }),
      saveProducerContract: override('saveProducerContract', ({ input }: { input: Parameters<typeof contractBody>[0] }) => {
        const producer = requireProducer();
        try {
          parseContract(contractBody(input));
        } catch (error) {
          asGraphQLError(error, TEXTS.contractFailed);
        }
        this.producer = { ...producer, contract: JSON.parse(JSON.stringify(input)) as unknown };
        return { message: TEXTS.contractSaved, producer: this.producer };
      }),
      updateProducerAccount: override('updateProducerAccount', ({ input }: { input: { email?: string; pro?: string | null; proId?: string | null } }) => {
        const producer = requireProducer();
        this.producer = { ...producer, ...(input.email ? { email: input.email } : {}), pro: input.pro ?? null, proId: input.proId ?? null };
        return { message: TEXTS.producerUpdated, producer: this.producer };
      }),
      producerAgreement: override('producerAgreement', () => {
        requireProducer();
        return { fileName: 'YSM Producer Agreement - DJ Demo.pdf', contentType: 'application/pdf', contentBase64: this.agreementBase64 };
      }),
      expressDashboard: override('expressDashboard', () => ({ url: this.dashboardUrl })),
      payoutOnboardingLink: override('payoutOnboardingLink', () => ({ url: this.onboardingUrl })),
      myEarnings: override('myEarnings', ({ page: requested }: { page: number }) => {
        requireProducer();
        const size = 20;
        const { orders } = this.earnings;
        return {
          totals: this.earnings.totals,
          orders: { items: orders.slice((requested - 1) * size, requested * size), total: orders.length, page: requested, pages: Math.max(1, Math.ceil(orders.length / size)) },
          loops: this.earnings.loops,
        };
      }),
      myEarningsCharts: override('myEarningsCharts', ({ months }: { months: number }) => {
        requireProducer();
        const filled = Array.from({ length: months }, (_, i) => this.charts.months[this.charts.months.length - months + i] ?? { month: `2000-${String((i % 12) + 1).padStart(2, '0')}`, earnedCents: 0, paidCents: 0, pendingCents: 0, heldCents: 0, failedCents: 0, reversedCents: 0 });
        return { from: '2026-01-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z', ...this.charts, months: filled };
      }),
      myCompositions: ({ page: requested }: { page: number }) => page(this.compositions, requested),
      myDrumLoops: ({ page: requested }: { page: number }) => page(this.drumLoops, requested),
      updateCompositionTags: ({ id, tags: next }: { id: string; tags: Row }) => {
        this.compositions = this.compositions.map((c) => (c.id === id ? { ...c, tags: next } : c));
        return this.compositions.find((c) => c.id === id);
      },
      updateDrumLoopTags: ({ id, tags: next }: { id: string; tags: Row }) => {
        this.drumLoops = this.drumLoops.map((d) => (d.id === id ? { ...d, tags: next } : d));
        return this.drumLoops.find((d) => d.id === id);
      },
      withdrawComposition: ({ id }: { id: string }) => {
        this.compositions = this.compositions.map((c) => (c.id === id ? { ...c, withdrawnAt: '2026-11-25T10:00:00.000Z' } : c));
        return this.compositions.find((c) => c.id === id);
      },
      withdrawDrumLoop: ({ id }: { id: string }) => {
        this.drumLoops = this.drumLoops.map((d) => (d.id === id ? { ...d, withdrawnAt: '2026-11-25T10:00:00.000Z' } : d));
        return this.drumLoops.find((d) => d.id === id);
      },
    };
    const result: ExecutionResult = await graphql({
      schema,
      source: String(body.query),
      variableValues: body.variables as Record<string, unknown> | undefined,
      operationName: body.operationName as string,
      rootValue,
    });
    return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/graphql-response+json' } });
  }
}
