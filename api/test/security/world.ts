import { graphql } from '../support/graphql-client';
import { rest, signUpProducer } from '../support/producers';
import type { TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { dataUrl, drumWav, melodyWav } from '../support/wav-fixtures';
import { signInAdmin } from '../admin/admin-support';
import { GenerationJob } from '../../src/modules/beats/generation-job.entity';
import { User } from '../../src/modules/accounts/user.entity';
import { beatRow } from '../support/beat-factories';
import type { Arrangement } from '../../src/audio';
import type { BeatSelection } from '../../src/modules/beats/beat-selection';
import { completeProfile, contract, sql, userId } from '../licences/licence-world';

export interface Person extends SignedInUser {
  readonly id: string;
}

/** The objects the owner holds, whose ids the table's fixtures pass (and a stranger must never see). */
export interface World {
  readonly owner: Person;
  /** A second owner, for calls that end something for good (a refund), so the first stays usable. */
  readonly stranger: Person;
  readonly admin: Person;
  readonly producerId: string;
  readonly beatId: string;
  readonly jobId: string;
  readonly compositionIds: readonly string[];
  readonly drumLoopIds: readonly string[];
  readonly subscriptionSessionId: string;
  /** Two payments of the owner's subscription (early access, then the upgrade to premium): one refund per transport. */
  readonly subscriptionPaymentIds: readonly string[];
  /** The owner's money-back requests, pending: one for the second payment above (to decline), one for a third payment (enterprise, to approve). */
  readonly refundRequestIds: readonly string[];
  /** A message to support from the stranger (the Inbox's reply and status rows). */
  readonly supportMessageId: string;
  readonly licenceSessionIds: readonly string[];
  readonly licenceIds: readonly string[];
  readonly orderIds: readonly string[];
  readonly noticeId: string;
  /** The path of a licence download the owner asked for (`/licence-downloads/<token>`). */
  readonly downloadPath: string;
  /** Subscription checkouts of the owner still open, for the local checkout pages (show and cancel; pay). */
  readonly openSubscriptionSessionIds: readonly string[];
  /** Licence checkouts of the owner still open, for the local licence checkout pages (show and cancel; pay). */
  readonly openLicenceSessionIds: readonly string[];
  /** A payout onboarding of the owner (the local payouts' id). */
  readonly payoutAccountId: string;
  /** Two personal access tokens of the owner (one revoked over GraphQL, one over REST). */
  readonly accessTokenIds: readonly string[];
  /** Values that identify the owner or the owner's objects: none may appear in a stranger's answer. */
  readonly ownerSecrets: readonly string[];
}

const must = <T>(answer: { data?: T; errors?: unknown }): T => {
  if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
};

async function person(test: TestApp, name: string): Promise<Person> {
  const user = await registerAndSignIn(test, name);
  await completeProfile(test, user);
  return { ...user, id: await userId(test, user) };
}

async function postJson(test: TestApp, path: string, token: string, body: unknown, expected: number) {
  const response = await fetch(`${test.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) });
  if (response.status !== expected) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * A beat row with an empty (but well-formed) arrangement and selection: listed, shown and offered
 * like any beat, while an edit naming a section is refused by validation. No audio behind it.
 */
async function arrangedBeat(test: TestApp, ownerId: string, shares: { producerId: string; name: string; percent: number }[], title: string): Promise<string> {
  const em = test.app.orm.em.fork();
  const arrangement: Arrangement = { version: 1, bpm: 140, key: 'F#', mode: 'minor', layers: [], sections: [] };
  const beat = beatRow(em, ownerId, { title, producerShares: shares, arrangement, selection: {} as BeatSelection });
  await em.flush();
  return beat.id;
}

/** Buys a licence of `beatId` through the local checkout; answers its session id. */
async function buyLicence(test: TestApp, buyer: Person, beatId: string, tier: string): Promise<string> {
  const { createLicenseCheckout } = must(await graphql<{ createLicenseCheckout: { id: string } }>(test.url,
    'mutation($i: CreateLicenseCheckoutInput!) { createLicenseCheckout(input: $i) { id } }',
    { i: { beatId, leaseOptionId: tier, firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }, buyer.accessToken));
  const paid = await fetch(`${test.url}/local-licence-checkout/${createLicenseCheckout.id}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`licence pay: ${paid.status}`);
  return createLicenseCheckout.id;
}

/**
 * The owner: a producer (prices, terms, one composition and one drum loop uploaded) with a paid
 * subscription, a beat crediting themselves, a generation job, and two licences bought of their own
 * beats (one notice, one download link); a stranger with a complete profile; an admin.
 */
export async function buildWorld(test: TestApp): Promise<World> {
  const [owner, stranger, adminUser] = [await person(test, 'owner'), await person(test, 'stranger'), await signInAdmin(test)];
  await completeProfile(test, adminUser);
  const admin: Person = adminUser;
  const { redirect } = await signUpProducer(test, owner);
  const payoutAccountId = /\/local-payouts\/([^/]+)\//.exec(redirect)?.[1] ?? '';
  const [{ id: producerId }] = await sql<{ id: string }>(test, 'select id from producers where user_id = ?', [owner.id]);
  for (const [path, body] of [['/producer-pricing', { price_standard: 25, price_advanced: 60, price_exclabel: 900, price_excindie: 450 }], ['/producer-contract', contract('Yes')]] as const) {
    const answer = await rest(test, 'POST', path, owner.accessToken, body);
    if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  }

  const shares = [{ producerId: owner.id, name: 'Owner', percent: 100 }];
  const beatId = await arrangedBeat(test, owner.id, shares, 'Owner Beat');
  const licenceBeats = [await arrangedBeat(test, owner.id, shares, 'Licensed A'), await arrangedBeat(test, owner.id, shares, 'Licensed B')];
  // A job row of the owner's (queued, never run): what the job queries and the progress subscription read.
  const jobEm = test.app.orm.em.fork();
  const job = jobEm.create(GenerationJob, { owner: jobEm.getReference(User, owner.id), kind: 'generate', input: { prompt: 'dark trap beat' }, tokenCharged: false });
  await jobEm.flush();
  const generateBeat = { id: job.id };

  const startPlan = async (priceId: string) =>
    must(await graphql<{ createCheckoutSession: { sessionId: string } }>(test.url, 'mutation($p: String!) { createCheckoutSession(priceId: $p) { sessionId } }', { p: priceId }, owner.accessToken)).createCheckoutSession.sessionId;
  const payPlan = async (priceId: string) => {
    const sessionId = await startPlan(priceId);
    const paid = await fetch(`${test.url}/local-checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`plan pay: ${paid.status}`);
    return sessionId;
  };
  const subscriptionSessionId = await payPlan('early_access');
  await payPlan('premium');
  const subscriptionPaymentIds = (await sql<{ id: string }>(test, 'select id from subscription_payments where user_id = ? order by paid_at', [owner.id])).map((r) => r.id);
  // Uploads that earn need Premium (plan-gates.ts): the owner uploads once subscribed.
  for (const seed of [1, 2]) {
    await postJson(test, '/uploadingmelsamples', owner.accessToken, {
      artists: ['Future'], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempo_style: ['half-time'], bpm: 140, key: 'A', mode: 'Minor',
      files: [{ name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 140, seed)) }],
    }, 201);
  }
  await postJson(test, '/uploadingdrumsamples', owner.accessToken, {
    entries: [1, 2].map((seed) => ({ file: { name: `kick${seed}.wav`, data: dataUrl(drumWav(140, 8, seed)) }, drumType: 'Kicks', genres: ['Trap'], artists: ['Anyone'], moods: ['Dark'], tempoStyle: ['bouncy'], bpm: 140 })),
  }, 201);
  const compositionIds = (await sql<{ id: string }>(test, 'select id from melody_compositions where contributor_id = ? order by created_at', [owner.id])).map((r) => r.id);
  const drumLoopIds = (await sql<{ id: string }>(test, 'select id from drum_loops where contributor_id = ? order by created_at', [owner.id])).map((r) => r.id);
  const openSubscriptionSessionIds = [await startPlan('early_access'), await startPlan('enterprise')];
  // A third payment (enterprise, after the open checkouts above were started) and the owner's money-back requests.
  await payPlan('enterprise');
  const [{ id: thirdPaymentId }] = await sql<{ id: string }>(test, 'select id from subscription_payments where user_id = ? order by paid_at desc limit 1', [owner.id]);
  const refundRequestIds: string[] = [];
  for (const paymentId of [subscriptionPaymentIds[1], thirdPaymentId]) {
    const { requestRefund } = must(await graphql<{ requestRefund: { id: string } }>(test.url, 'mutation($i: RequestRefundInput!) { requestRefund(input: $i) { id } }', { i: { paymentId } }, owner.accessToken));
    refundRequestIds.push(requestRefund.id);
  }
  const { sendSupportMessage } = must(await graphql<{ sendSupportMessage: { id: string } }>(test.url,
    'mutation($i: SendSupportMessageInput!) { sendSupportMessage(input: $i) { id } }', { i: { topic: 'OTHER', message: 'A question from the world.' } }, stranger.accessToken));

  const licenceSessionIds = [await buyLicence(test, owner, licenceBeats[0], 'standard'), await buyLicence(test, owner, licenceBeats[1], 'advanced')];
  const openLicence = async (tier: string) =>
    must(await graphql<{ createLicenseCheckout: { id: string } }>(test.url,
      'mutation($i: CreateLicenseCheckoutInput!) { createLicenseCheckout(input: $i) { id } }',
      { i: { beatId, leaseOptionId: tier, firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' } }, owner.accessToken)).createLicenseCheckout.id;
  const openLicenceSessionIds = [await openLicence('standard'), await openLicence('advanced')];
  const licences = await sql<{ id: string; order_id: string }>(test, 'select id, order_id from licences where buyer_id = ? order by issued_at', [owner.id]);
  const { licenceNotices } = must(await graphql<{ licenceNotices: { id: string }[] }>(test.url, '{ licenceNotices { id } }', {}, owner.accessToken));
  const { requestLicenceDownload } = must(await graphql<{ requestLicenceDownload: { url: string } }>(test.url,
    'mutation($l: ID!) { requestLicenceDownload(licenceId: $l, file: MP3) { url } }', { l: licences[0].id }, owner.accessToken));

  const accessTokenIds: string[] = [];
  for (const name of ['table graphql', 'table rest']) {
    const created = await postJson(test, '/access-tokens', owner.accessToken, { name, scopes: ['beats:read'] }, 201);
    accessTokenIds.push((created.token as { id: string }).id);
  }

  // Every caller on the same plan as the owner, Premium, which passes every plan gate (a level check
  // cannot hide a missing ownership check), and no tokens left: a generation that passes its checks
  // is refused for credit (402) instead of rendering for 10-30 s (the renders are generation.test.ts's).
  await sql(test, `insert into billing_accounts (user_id, level, credits, updated_at) select id, 3, 0, now() from users where id in (?, ?, ?)
    on conflict (user_id) do update set level = excluded.level, credits = excluded.credits`, [owner.id, stranger.id, admin.id]);

  const world = {
    owner, stranger, admin, producerId, beatId, jobId: generateBeat.id, compositionIds, drumLoopIds,
    subscriptionSessionId, subscriptionPaymentIds, openSubscriptionSessionIds, refundRequestIds, supportMessageId: sendSupportMessage.id,
    licenceSessionIds, licenceIds: licences.map((l) => l.id), orderIds: licences.map((l) => l.order_id),
    noticeId: licenceNotices[0].id, downloadPath: new URL(requestLicenceDownload.url).pathname, openLicenceSessionIds, payoutAccountId, accessTokenIds,
  };
  const ownerSecrets = [
    owner.id, owner.email, owner.username, producerId, beatId, generateBeat.id, ...compositionIds, ...drumLoopIds, subscriptionSessionId,
    ...subscriptionPaymentIds, thirdPaymentId, ...refundRequestIds, ...world.licenceSessionIds, ...world.licenceIds, ...world.orderIds, world.noticeId, ...openSubscriptionSessionIds, ...openLicenceSessionIds, ...accessTokenIds,
  ];
  return { ...world, ownerSecrets };
}
