import { dataUrl, drumWav, melodyWav } from '../support/wav-fixtures';
import { contract } from '../licences/licence-world';
import type { Person, World } from './world';

/**
 * What a caller gets: 'ok' (GraphQL: data and no error; REST: 2xx or a 303 redirect), or the HTTP
 * status (REST) / the status of the error's code (GraphQL: UNAUTHENTICATED 401, FORBIDDEN 403,
 * NOT_FOUND 404, BAD_USER_INPUT 400, CONFLICT 409, ...).
 */
export type Outcome = 'ok' | 400 | 401 | 402 | 403 | 404 | 409;

/** The caller classes: no token, a forged token (every forgery), a signed-in user who owns nothing here, the owner, an admin. */
export interface Expect {
  readonly anon: Outcome;
  readonly forged: Outcome;
  readonly stranger: Outcome;
  readonly owner: Outcome;
  readonly admin: Outcome;
}

export type CallerClass = 'anon' | 'forged' | 'stranger' | 'owner' | 'admin';

/**
 * When a row runs: 'read' first, then 'write', then 'final' (what ends something: cancellation,
 * withdrawal, becoming a producer), then 'last' (refunds, paying the open checkouts), then
 * 'signout' (signing out ends the callers' access tokens at once, issue 31).
 */
export type Phase = 'read' | 'write' | 'final' | 'last' | 'signout';

export interface Row extends Expect {
  readonly phase: Phase;
  /** GraphQL: the arguments (the rest get type-driven defaults). */
  readonly args?: (world: World, caller: Person | null) => Record<string, unknown>;
  /** REST: the path with its parameters filled in (default: the route's path). */
  readonly path?: (world: World) => string;
  /** REST: the JSON body. */
  readonly body?: (world: World, caller: Person | null) => unknown;
  /** The row names owner data on purpose (a public page of the owner's licence): the secrets it may show. */
  readonly mayShow?: (world: World) => readonly string[];
}

// The classes of rows. Every GraphQL request with a forged bearer token is refused at the door
// (401) whatever its fields; a REST path without the token middleware never reads the header.
const PUBLIC_GQL: Expect = { anon: 'ok', forged: 401, stranger: 'ok', owner: 'ok', admin: 'ok' };
const PUBLIC: Expect = { anon: 'ok', forged: 'ok', stranger: 'ok', owner: 'ok', admin: 'ok' };
const SELF: Expect = { anon: 401, forged: 401, stranger: 'ok', owner: 'ok', admin: 'ok' };
const OWNED: Expect = { anon: 401, forged: 401, stranger: 404, owner: 'ok', admin: 404 };
const PRODUCER: Expect = { anon: 401, forged: 401, stranger: 403, owner: 'ok', admin: 403 };
const ADMIN: Expect = { anon: 401, forged: 401, stranger: 403, owner: 403, admin: 'ok' };
// Generation that costs a token: every caller has none left (world.ts), so passing the checks ends in
// 402 instead of a 10-30 s render; the ownership check comes first, so a stranger still gets 404.
const SPENDS: Expect = { ...SELF, stranger: 402, owner: 402, admin: 402 };
const SPENDS_OWNED: Expect = { ...OWNED, owner: 402 };
// Drum edits of the owner's beat row (which has no arrangement): the owner passes the ownership
// check and the edit is refused by validation (400) before anything is queued.
const EDITS_OWNED: Expect = { ...OWNED, owner: 400 };
// Another's upload or licence download: the catalogue and the download link answer 403 (the ids are random UUIDs and signed tokens).
const OWNED_403: Expect = { ...OWNED, stranger: 403, admin: 403 };

// Sharing a beat (issue 36): other users are refused with FORBIDDEN; ids nobody shared answer 404 to everyone.
const SHARE_OWNED: Expect = { anon: 401, forged: 401, stranger: 403, owner: 'ok', admin: 403 };
const UNKNOWN_SHARE = 'NobodySharedThisBeat00';
const UNKNOWN_SHARE_GQL: Expect = { anon: 404, forged: 401, stranger: 404, owner: 404, admin: 404 };
const UNKNOWN_SHARE_REST: Expect = { anon: 404, forged: 401, stranger: 404, owner: 404, admin: 404 };

type Extra = Partial<Row>;
const row = (expect: Expect, extra: Extra = {}): Row => ({ phase: 'read', ...expect, ...extra });
const publicGql = (extra?: Extra) => row(PUBLIC_GQL, extra);
const publicRest = (extra?: Extra) => row(PUBLIC, extra);
const self = (extra?: Extra) => row(SELF, extra);
const owned = (extra?: Extra) => row(OWNED, extra);
const producer = (extra?: Extra) => row(PRODUCER, extra);
const admin = (extra?: Extra) => row(ADMIN, extra);

const tags = { artists: ['Future'], genres: ['Trap'], instruments: ['Keys'], moods: ['Dark'], tempoStyles: ['bouncy'] };
const sections = [{ section: 0, drums: ['Kicks'] }];
const lease = (terms: ReturnType<typeof contract>['standlease_terms']) => ({
  audioStreams: terms.audio_streams, broadcastRights: terms.Broadcast_rights, distributionCopies: terms.distribution_copies, freeDownloads: terms.free_downloads,
  mvStreams: terms.mv_streams, nonmonmvStreams: terms.nonmonmv_streams, nonmonvidStreams: terms.nonmonvid_streams, nonprofitPerformances: terms.Nonprofit_performances,
  performanceRights: terms.Performance_rights, synchronizationRights: terms.Synchronization_rights, termYears: terms.term_years, vidStreams: terms.vid_streams,
});
const contractInput = () => {
  const terms = contract('Yes');
  return { standleaseTerms: lease(terms.standlease_terms), advancedleaseTerms: lease(terms.advancedlease_terms), exclabelTerms: { sellExclusives: 'Yes' }, excindieTerms: { sellExclusives: 'No' } };
};
const signup = (caller: Person | null) => ({ firstName: 'Ada', lastName: 'Lovelace', email: caller?.email ?? 'nobody@example.com', birthDate: '1990-01-01', producerName: `P ${caller?.username ?? 'nobody'}` });
const melodyBody = () => ({
  artists: ['Future'], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempo_style: ['half-time'], bpm: 140, key: 'A', mode: 'Minor',
  files: [{ name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 140, 3)) }],
});
const drumBody = () => ({ entries: [{ file: { name: 'kick.wav', data: dataUrl(drumWav(140, 8, 5)) }, drumType: 'Kicks', genres: ['Trap'], artists: ['Anyone'], moods: ['Dark'], tempoStyle: ['bouncy'], bpm: 140 }] });

/**
 * Every GraphQL root field and every REST route of the app, with what each caller class gets.
 * A field or path missing here fails the authorization test, and so does a row the app lacks.
 * Adding one is one line.
 */
export const TABLE: Record<string, Row> = {
  // ---- GraphQL queries ----
  'Query.adminAuditLog': admin(),
  'Query.adminBeatOrders': admin(),
  'Query.adminProducers': admin(),
  'Query.adminSubscriptionPayments': admin(),
  'Query.adminSubscriptionStats': admin(),
  'Query.adminSubscriptions': admin(),
  'Query.adminTotals': admin(),
  'Query.adminCharts': admin(),
  'Query.adminUsers': admin(),
  'Query.beat': owned({ args: (w) => ({ id: w.beatId }) }),
  'Query.beatLicenceOffer': owned({ args: (w) => ({ beatId: w.beatId }) }),
  'Query.beatStructure': self(),
  'Query.checkoutSession': owned({ args: (w) => ({ sessionId: w.subscriptionSessionId }) }),
  'Query.contractTermOptions': publicGql(), // the fixed option lists of the contract form
  'Query.licenceTierTerms': publicGql(), // the licence tiers with the default terms, quoted by /rights-usage
  'Query.countries': publicGql(), // a fixed list for the profile form
  'Query.accessTokenScopes': publicGql(), // the scopes a token may hold, for the token form
  'Query.accessTokens': self(),
  'Query.accessTokenActivity': self(),
  'Mutation.createAccessToken': self({ phase: 'write', args: () => ({ input: { name: 'table', scopes: ['beats:read'] } }) }),
  'Mutation.extendAccessToken': owned({ phase: 'write', args: (w) => ({ id: w.accessTokenIds[0], input: { expiresInDays: 30 } }) }),
  'Mutation.revokeAccessToken': owned({ phase: 'final', args: (w) => ({ id: w.accessTokenIds[0] }) }),
  'Query.datasetGenres': publicGql(), // marketing: genre shares of the catalogue
  'Query.generationJob': owned({ args: (w) => ({ id: w.jobId }) }),
  'Query.hasPayoutAccount': self(),
  'Query.licenceForCheckoutSession': owned({ args: (w) => ({ sessionId: w.licenceSessionIds[0] }) }),
  'Query.licenceNotices': self(),
  // The public verification page of a licence (its id is on the PDF): the buyer's name is masked.
  'Query.licenceVerification': publicGql({ args: (w) => ({ id: w.licenceIds[0] }), mayShow: (w) => [w.licenceIds[0]] }),
  'Query.me': self(),
  'Query.myBeats': self(),
  'Query.myCompositions': self(),
  'Query.myDrumLoops': self(),
  'Query.myEarnings': producer(),
  'Query.myEarningsCharts': producer(),
  'Query.myEarningsStatement': producer({ args: () => ({ period: '2026-11' }) }),
  'Query.myLicences': self(),
  'Query.myPayoutAccount': self(),
  'Query.myProducer': self(),
  'Query.mySubscription': self(),
  'Query.plans': publicGql(), // marketing: the plans and prices
  'Query.planGates': publicGql(), // what each plan may do, with the refusals the pages show
  'Query.platformStats': publicGql(), // marketing: the landing page's figures
  'Query.producerAgreement': producer(),
  'Query.sampleBeats': publicGql(), // marketing: the landing page's sample beats
  'Query.tokenHistory': self(),
  'Query.moneyBackPayments': self(),
  'Query.supportInbox': admin(),

  // Public beat pages (issue 36): another user's beat is FORBIDDEN (the brief's rule); an unknown share id is 404 to everyone.
  'Query.beatShare': row(SHARE_OWNED, { args: (w) => ({ beatId: w.beatId }) }),
  'Query.sharedBeat': row(UNKNOWN_SHARE_GQL, { args: () => ({ shareId: UNKNOWN_SHARE }) }),
  // ---- GraphQL mutations ----
  'Mutation.adminRefundOrder': admin({ phase: 'last', args: (w) => ({ orderId: w.orderIds[0], reason: 'authorization table' }) }),
  'Mutation.adminRefundSubscriptionPayment': admin({ phase: 'last', args: (w) => ({ paymentId: w.subscriptionPaymentIds[0], reason: 'authorization table' }) }),
  'Mutation.adminUpdateTokens': admin({ phase: 'final', args: (w) => ({ input: { userId: w.owner.id, tokensRemaining: 3, tokensSeen: 0, reason: 'authorization table' } }) }),
  // Only the owner has a subscription; the others' plan was set by hand (world.ts), as support does, which they cannot cancel (409).
  'Mutation.cancelSubscription': row({ ...SELF, stranger: 409, admin: 409 }, { phase: 'final' }),
  'Mutation.changeDrums': row(EDITS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId, sections }) }),
  'Mutation.createCheckoutSession': self({ phase: 'write', args: () => ({ priceId: 'enterprise' }) }),
  'Mutation.createLicenseCheckout': owned({ phase: 'write', args: (w) => ({ input: { beatId: w.beatId, leaseOptionId: 'standard', firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }) }),
  'Mutation.expressDashboard': producer({ phase: 'write' }),
  'Mutation.generateBeat': row(SPENDS, { phase: 'write', args: () => ({ prompt: 'dark trap beat' }) }),
  'Mutation.makeFullBeat': row(SPENDS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId }) }),
  'Mutation.markLicenceNoticeRead': owned({ phase: 'write', args: (w) => ({ id: w.noticeId }) }),
  'Mutation.payoutOnboardingLink': producer({ phase: 'write' }),
  'Mutation.producerSignup': self({ phase: 'final', args: (_w, caller) => ({ input: signup(caller) }) }),
  'Mutation.regenerateBeat': row(SPENDS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId }) }),
  'Mutation.removeDrums': row(EDITS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId, sections }) }),
  'Mutation.requestLicenceDownload': owned({ args: (w) => ({ licenceId: w.licenceIds[1], file: 'MP3' }) }),
  'Mutation.saveProducerContract': producer({ phase: 'write', args: () => ({ input: contractInput() }) }),
  'Mutation.saveProducerPricing': producer({ phase: 'write', args: () => ({ input: { priceStandardCents: 2500, priceAdvancedCents: 6000, priceExclabelCents: 90000, priceExcindieCents: 45000 } }) }),
  'Mutation.setGlobalDrums': row(EDITS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId, sections }) }),
  // The owner's answer is 400: energy 0 is the section as generated, no change.
  'Mutation.setSectionEnergy': row(EDITS_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId, sections: [{ section: 0, energy: 0 }] }) }),
  // Every caller of the table registered and confirmed its address (support/users.ts).
  'Mutation.resendEmailConfirmation': row({ ...SELF, stranger: 409, owner: 409, admin: 409 }, { phase: 'write' }),
  'Mutation.syncUser': self({ phase: 'write', args: (_w, caller) => ({ email: caller?.email ?? 'nobody@example.com', username: caller?.username ?? 'nobody' }) }),
  'Mutation.updateCompositionTags': row(OWNED_403, { phase: 'write', args: (w) => ({ id: w.compositionIds[0], tags }) }),
  'Mutation.updateDrumLoopTags': row(OWNED_403, { phase: 'write', args: (w) => ({ id: w.drumLoopIds[0], tags }) }),
  'Mutation.updateProducerAccount': producer({ phase: 'write', args: () => ({ input: { pro: 'BMI', proId: '123456' } }) }),
  'Mutation.updateProfile': self({ phase: 'write', args: () => ({ input: { creatorName: 'Someone' } }) }),
  'Mutation.uploadDrumSamples': producer({ phase: 'write', args: () => ({ entries: [{ fileIndex: 0, drumType: 'Kicks', genres: ['Trap'], artists: ['Anyone'], moods: ['Dark'], tempoStyles: ['bouncy'], bpm: 140 }] }) }),
  'Mutation.uploadMelodySamples': producer({ phase: 'write', args: () => ({ input: { artists: ['Future'], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempoStyles: ['half-time'], bpm: 140, key: 'A', mode: 'Minor' } }) }),
  'Mutation.withdrawComposition': row(OWNED_403, { phase: 'final', args: (w) => ({ id: w.compositionIds[1] }) }),
  // Support (issue 30): anyone writes to support (a visitor gives an email); the Inbox and its decisions are admins'.
  'Mutation.sendSupportMessage': publicGql({ phase: 'write', args: () => ({ input: { topic: 'OTHER', message: 'authorization table', email: 'table@example.com' } }) }),
  'Mutation.requestRefund': owned({ phase: 'write', args: (w) => ({ input: { paymentId: w.subscriptionPaymentIds[0] } }) }),
  'Mutation.replyToSupportMessage': admin({ phase: 'write', args: (w) => ({ input: { messageId: w.supportMessageId, text: 'authorization table' } }) }),
  'Mutation.setSupportMessageStatus': admin({ phase: 'write', args: (w) => ({ messageId: w.supportMessageId, status: 'OPEN' }) }),
  'Mutation.approveRefundRequest': admin({ phase: 'last', args: (w) => ({ requestId: w.refundRequestIds[1] }) }),
  'Mutation.declineRefundRequest': admin({ phase: 'last', args: (w) => ({ requestId: w.refundRequestIds[0], reason: 'authorization table' }) }),
  'Mutation.withdrawDrumLoop': row(OWNED_403, { phase: 'final', args: (w) => ({ id: w.drumLoopIds[1] }) }),

  'Mutation.shareBeat': row(SHARE_OWNED, { phase: 'write', args: (w) => ({ beatId: w.beatId }) }),
  'Mutation.unshareBeat': row(SHARE_OWNED, { phase: 'final', args: (w) => ({ beatId: w.beatId }) }),
  'Mutation.recordSharedBeatPlay': row(UNKNOWN_SHARE_GQL, { phase: 'write', args: () => ({ shareId: UNKNOWN_SHARE }) }),
  // ---- GraphQL subscriptions (graphql-ws; a refused connection closes with 4403, shown as 401) ----
  'Subscription.generationProgress': owned({ args: (w) => ({ jobId: w.jobId }) }),

  // ---- REST ----
  // The GraphQL transport (each field has its row above): a GET without a query is a 400; a forged token is refused first.
  'ALL /graphql/*': row({ anon: 400, forged: 401, stranger: 400, owner: 400, admin: 400 }),
  'ALL /oidc/*': publicRest({ path: () => '/oidc/.well-known/openid-configuration' }), // the built-in OpenID provider (discovery, JWKS, authorize, token): public by protocol
  'GET /oidc/assets/interaction.css': publicRest(), // the sign-in pages' stylesheet
  'GET /oidc/interaction/:uid': publicRest({ path: () => '/oidc/interaction/unknown', ...{ anon: 400, forged: 400, stranger: 400, owner: 400, admin: 400 } }), // a sign-in step: needs its own interaction cookie, not a token
  'GET /oidc/interaction/:uid/login': publicRest({ path: () => '/oidc/interaction/unknown/login' }), // redirects to the step's page
  'GET /oidc/interaction/:uid/register': publicRest({ path: () => '/oidc/interaction/unknown/register', ...{ anon: 400, forged: 400, stranger: 400, owner: 400, admin: 400 } }),
  'POST /oidc/interaction/:uid/login': publicRest({ path: () => '/oidc/interaction/unknown/login', ...{ anon: 400, forged: 400, stranger: 400, owner: 400, admin: 400 } }),
  'POST /oidc/interaction/:uid/register': publicRest({ path: () => '/oidc/interaction/unknown/register', ...{ anon: 400, forged: 400, stranger: 400, owner: 400, admin: 400 } }),
  'GET /oidc/confirm-email': publicRest({ path: () => '/oidc/confirm-email?token=not-a-token', ...{ anon: 400, forged: 400, stranger: 400, owner: 400, admin: 400 } }), // an email confirmation link: the signed token is the credential
  // Public beat pages (issue 36): the owner's share paths, and the public ones for an id nobody shared.
  'POST /beats/:beat_id/share': row(SHARE_OWNED, { phase: 'write', path: (w) => `/beats/${w.beatId}/share` }),
  'GET /beats/:beat_id/share': row({ ...SHARE_OWNED, owner: 404 }, { path: (w) => `/beats/${w.beatId}/share` }), // read phase: not shared yet
  'DELETE /beats/:beat_id/share': row(SHARE_OWNED, { phase: 'final', path: (w) => `/beats/${w.beatId}/share` }),
  'GET /shared-beats/:share_id': row(UNKNOWN_SHARE_REST, { path: () => `/shared-beats/${UNKNOWN_SHARE}` }),
  'POST /shared-beats/:share_id/plays': row(UNKNOWN_SHARE_REST, { phase: 'write', path: () => `/shared-beats/${UNKNOWN_SHARE}/plays` }),
  'GET /shared-beats/:share_id/audio': row({ anon: 403, forged: 403, stranger: 403, owner: 403, admin: 403 }, { path: () => `/shared-beats/${UNKNOWN_SHARE}/audio` }), // the signed address is the credential
  'GET /s/:share_id': row({ anon: 404, forged: 404, stranger: 404, owner: 404, admin: 404 }, { path: () => `/s/${UNKNOWN_SHARE}` }),
  'GET /s/:share_id/waveform.png': row({ anon: 404, forged: 404, stranger: 404, owner: 404, admin: 404 }, { path: () => `/s/${UNKNOWN_SHARE}/waveform.png` }),
  'ALL /media/*': publicRest({ path: () => '/media/nothing-here', ...{ anon: 403, forged: 403, stranger: 403, owner: 403, admin: 403 } }), // media: a signed, expiring address is the credential
  'GET /healthz': publicRest(), // health for load balancers
  'GET /schema.graphql': publicRest(), // the schema's SDL, for developers (introspection stays off in production)
  'GET /access-tokens': self(),
  'POST /access-tokens': self({ phase: 'write', body: () => ({ name: 'table', scopes: ['beats:read'] }) }),
  'POST /access-tokens/:id/extend': owned({ phase: 'write', path: (w) => `/access-tokens/${w.accessTokenIds[1]}/extend`, body: () => ({ expiresInDays: 30 }) }),
  'DELETE /access-tokens/:id': owned({ phase: 'final', path: (w) => `/access-tokens/${w.accessTokenIds[1]}` }),
  'GET /client-config': publicRest(), // the web app's settings (issuer, client id, support address): public by design
  // The contact form: visitors and users alike; a bearer token that does not verify is refused.
  'POST /contact': row({ anon: 'ok', forged: 401, stranger: 'ok', owner: 'ok', admin: 'ok' }, { phase: 'write', body: () => ({ topic: 'other', message: 'authorization table', email: 'table@example.com' }) }),

  'POST /auth/logout': self({ phase: 'signout' }),
  'GET /account/profile': self(),
  'POST /account/profile': self({ phase: 'write' }),
  'GET /get-user-info': self(),
  'POST /sync-user': self({ phase: 'write', body: (_w, caller) => ({ email: caller?.email ?? 'nobody@example.com', username: caller?.username ?? 'nobody' }) }),

  'POST /uploadingmelsamples': producer({ phase: 'write', body: melodyBody }),
  'POST /uploadingdrumsamples': producer({ phase: 'write', body: drumBody }),
  'GET /my-uploads/:kind': self({ path: () => '/my-uploads/compositions' }),
  'PUT /my-uploads/:kind/:id/tags': row(OWNED_403, { phase: 'write', path: (w) => `/my-uploads/compositions/${w.compositionIds[0]}/tags`, body: () => ({ artists: ['Future'], genres: ['Trap'], instruments: ['Keys'], moods: ['Dark'], tempo_style: ['bouncy'] }) }),
  'POST /my-uploads/:kind/:id/withdraw': row(OWNED_403, { phase: 'final', path: (w) => `/my-uploads/drum-loops/${w.drumLoopIds[0]}/withdraw` }),
  'GET /producer-earnings': producer(),
  'GET /producer-earnings/charts': producer(),
  'GET /producer-earnings/statement': producer({ path: () => '/producer-earnings/statement?period=2026-11&format=csv' }),

  'GET /check-stripe-account': self(),
  'POST /prod-signup': self({ phase: 'final', body: (_w, caller) => ({ ...signup(caller), stripeAccountId: '' }) }),
  'GET /payout-account': self(),
  'POST /payout-account/onboarding-link': producer({ phase: 'write' }),
  'GET /producer-data': producer(),
  'GET /producer-account': producer(),
  'PUT /producer-account': producer({ phase: 'write', body: () => ({ prod_pro: 'BMI', prod_pro_id: '123456' }) }),
  'POST /producer-pricing': producer({ phase: 'write', body: () => ({ price_standard: 25, price_advanced: 60, price_exclabel: 900, price_excindie: 450 }) }),
  'POST /producer-contract': producer({ phase: 'write', body: () => contract('Yes') }),
  'POST /express-dashboard': producer({ phase: 'write' }),
  'GET /producer-agreement': producer(),
  // The local payout provider's pages (Stripe's hosted onboarding stand-in): the unguessable id is the credential.
  'GET /local-payouts/:id/onboarding': publicRest({ path: (w) => `/local-payouts/${w.payoutAccountId}/onboarding` }),
  'POST /local-payouts/:id/onboarding': publicRest({ phase: 'write', path: (w) => `/local-payouts/${w.payoutAccountId}/onboarding` }),
  'GET /local-payouts/:id/dashboard': publicRest({ path: (w) => `/local-payouts/${w.payoutAccountId}/dashboard` }),

  'POST /subscription-checkout-session': self({ phase: 'write', body: () => ({ price_id: 'enterprise' }) }),
  'GET /get-session-details/:session_id': owned({ path: (w) => `/get-session-details/${w.subscriptionSessionId}` }),
  // The GraphQL row before cancelled the owner's subscription: nothing left to cancel (404).
  'POST /cancel-subscription': row({ ...SELF, stranger: 409, owner: 404, admin: 409 }, { phase: 'final' }),
  // The local checkout pages (Stripe's hosted checkout stand-in): the unguessable session id is the credential.
  'GET /local-checkout/:id': publicRest({ path: (w) => `/local-checkout/${w.openSubscriptionSessionIds[0]}` }),
  'POST /local-checkout/:id/cancel': publicRest({ phase: 'write', path: (w) => `/local-checkout/${w.openSubscriptionSessionIds[0]}/cancel` }),
  'POST /local-checkout/:id/pay': publicRest({ phase: 'last', path: (w) => `/local-checkout/${w.openSubscriptionSessionIds[1]}/pay` }),

  'POST /generate_beat': row(SPENDS, { phase: 'write', body: () => ({ prompt: 'dark trap beat' }) }),
  'POST /regenerate_beat': row(SPENDS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId }) }),
  'POST /generate_full_beat': row(SPENDS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId }) }),
  'POST /change_stems': row(EDITS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId, sections }) }),
  'POST /remove_drum': row(EDITS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId, sections }) }),
  'POST /set_global_drum': row(EDITS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId, sections }) }),
  'POST /set_section_energy': row(EDITS_OWNED, { phase: 'write', body: (w) => ({ beat_id: w.beatId, sections: { 0: 0 } }) }),
  'GET /get_beat_structure': self(),
  'GET /get_full_beat_structure': self(),
  'GET /subscription/level': self(),
  'GET /tokens_remaining': self(),

  'GET /beat-prods/:beat_id': owned({ path: (w) => `/beat-prods/${w.beatId}` }),
  'POST /create-checkout-session': owned({ phase: 'write', body: (w) => ({ beat_id: w.beatId, lease_option_id: 'standard', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' }) }),
  // The link is signed for the holder and works as is for 5 minutes, so a browser can open it and stream
  // the file to disk (issue 30): no token is 'ok' and answers the file (which names its licence);
  // another account's token is refused.
  'GET /licence-downloads/:token': row({ ...OWNED_403, anon: 'ok' }, { path: (w) => w.downloadPath, mayShow: (w) => [w.licenceIds[0]] }),
  // The local licence checkout pages: the unguessable session id is the credential.
  'GET /local-licence-checkout/:id': publicRest({ path: (w) => `/local-licence-checkout/${w.openLicenceSessionIds[0]}` }),
  'POST /local-licence-checkout/:id/cancel': publicRest({ phase: 'write', path: (w) => `/local-licence-checkout/${w.openLicenceSessionIds[0]}/cancel` }),
  'POST /local-licence-checkout/:id/pay': publicRest({ phase: 'last', path: (w) => `/local-licence-checkout/${w.openLicenceSessionIds[1]}/pay` }),

  'GET /admin/users': admin(),
  'GET /admin/user-subscriptions': admin(),
  'GET /admin/producers': admin(),
  'GET /admin/beat-orders': admin(),
  'GET /admin/total-users': admin(),
  'GET /admin/total-subscriptions': admin(),
  'GET /admin/total-producers': admin(),
  'GET /admin/total-beat-orders': admin(),
  'GET /admin/subscription-stats': admin(),
  'GET /admin/subscription-payments': admin(),
  'GET /admin/audit-log': admin(),
  'GET /admin/charts': admin({ path: () => '/admin/charts?from=2026-11-01&to=2026-11-30' }),
  'POST /admin/update-tokens': admin({ phase: 'final', body: (w) => ({ user_id: w.owner.id, tokens_remaining: 0, tokens_seen: 3, reason: 'authorization table' }) }),
  'POST /admin/refund-subscription-payment': admin({ phase: 'last', body: (w) => ({ payment_id: w.subscriptionPaymentIds[1], reason: 'authorization table' }) }),
  'POST /admin/refund-order': admin({ phase: 'last', body: (w) => ({ order_id: w.orderIds[1], reason: 'authorization table' }) }),
};

/** Paths mounted only when Stripe is configured (its signed webhooks): classified, and checked absent in the local mode the table runs in. */
export const STRIPE_ONLY_ROUTES = ['POST /stripe/webhook', 'POST /stripe/connect/webhook'];
