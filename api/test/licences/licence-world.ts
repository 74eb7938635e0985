import type { BlobStore } from '../../src/platform/storage/blob-store';
import type { LicenceDocument, LicenceFileSet, LicenceFilesPort, OutgoingMail } from '../../src/modules/licence-files/licence-files.types';
import type { MailOutbox } from '../../src/modules/licences/licence-ports';
import { DEFAULT_ADVANCED_LEASE, DEFAULT_STANDARD_LEASE } from '../../src/modules/producers/contract-terms';
import { beatRow } from '../support/beat-factories';
import { graphql } from '../support/graphql-client';
import { registerProducer, rest } from '../support/producers';
import type { TestApp } from '../support/test-app';
import { PLAN_LEVEL, registerAndSignIn, setPlanLevel, type SignedInUser } from '../support/users';

/**
 * A recording stand-in for the licence files module (the real one renders audio and the PDF; it
 * is another helper's and is wired at merge): it stores four small blobs per licence, once, and
 * keeps the documents it was asked for.
 */
export class RecordingLicenceFiles implements LicenceFilesPort {
  readonly prepared: LicenceDocument[] = [];
  blobs: BlobStore | null = null;

  async prepare(document: LicenceDocument): Promise<LicenceFileSet> {
    if (!this.blobs) throw new Error('no blob store yet');
    this.prepared.push(document);
    const put = async (name: string, contentType: string, text: string) => {
      const key = `licences/${document.licenceId}/${name}`;
      const { size } = await this.blobs!.put(key, Buffer.from(text), { contentType });
      return { key, fileName: name, contentType, bytes: size };
    };
    const stems = document.tier === 'standard' ? null : await put('stems.zip', 'application/zip', `stems of ${document.licenceId}`);
    return {
      mp3: await put('beat.mp3', 'audio/mpeg', `mp3 of ${document.licenceId}`),
      wav: await put('beat.wav', 'audio/wav', `wav of ${document.licenceId}`),
      stems,
      document: await put('licence.pdf', 'application/pdf', `%PDF licence ${document.licenceId}`),
    };
  }

  async renderDocument(document: LicenceDocument): Promise<Buffer> {
    return Buffer.from(`%PDF licence ${document.licenceId}`);
  }
}

/** A recording mail outbox: one mail per dedup key, as the real outbox promises. */
export class RecordingOutbox implements MailOutbox {
  readonly mails = new Map<string, OutgoingMail>();
  enqueued = 0;

  async enqueue(mail: OutgoingMail, dedupKey: string): Promise<void> {
    this.enqueued++;
    if (!this.mails.has(dedupKey)) this.mails.set(dedupKey, mail);
  }
}

export const sql = <T = Record<string, unknown>>(test: TestApp, query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

export async function userId(test: TestApp, user: SignedInUser): Promise<string> {
  const me = await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, user.accessToken);
  return me.data!.me.id;
}

/** Fills the buyer's profile (first name, last name, country) through GraphQL. */
export async function completeProfile(test: TestApp, user: SignedInUser, input = { fname: 'Ada', lname: 'Lovelace', country: 'United Kingdom' }) {
  const answer = await graphql(test.url, 'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }', { i: input }, user.accessToken);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
}

/** A contract with exclusives allowed (or not) and optional lease overrides. */
export function contract(sellExclusives: 'Yes' | 'No', standard: Partial<typeof DEFAULT_STANDARD_LEASE> = {}) {
  return {
    standlease_terms: { ...DEFAULT_STANDARD_LEASE, ...standard },
    advancedlease_terms: { ...DEFAULT_ADVANCED_LEASE },
    exclabel_terms: { sell_exclusives: sellExclusives, additional_comments: '' },
    excindie_terms: { sell_exclusives: sellExclusives, additional_comments: 'Indie only' },
  };
}

/** A producer with their own prices (dollars) and terms. */
export async function pricedProducer(test: TestApp, name: string, prices: Record<string, number>, terms = contract('Yes')) {
  const producer = await registerProducer(test, name);
  const priced = await rest(test, 'POST', '/producer-pricing', producer.accessToken, prices);
  if (priced.status !== 200) throw new Error(JSON.stringify(priced.body));
  const contracted = await rest(test, 'POST', '/producer-contract', producer.accessToken, terms);
  if (contracted.status !== 200) throw new Error(JSON.stringify(contracted.body));
  return { ...producer, id: await userId(test, producer) };
}

/** A beat row of `ownerId` crediting producers (user ids) with percent shares. */
export async function ownedBeat(test: TestApp, ownerId: string, shares: { producerId: string; name: string; percent: number }[], title = 'Night Drive') {
  const em = test.app.orm.em.fork();
  const beat = beatRow(em, ownerId, { title, producerShares: shares });
  await em.flush();
  return beat.id;
}

/** A signed-in buyer with a complete profile, on Free unless a plan level is given (exclusives need Premium). */
export async function buyer(test: TestApp, name = 'buyer', level: number = PLAN_LEVEL.free) {
  const user = await registerAndSignIn(test, name);
  await completeProfile(test, user);
  if (level !== PLAN_LEVEL.free) await setPlanLevel(test, user.email, level);
  return { ...user, id: await userId(test, user) };
}

/** Waits (polling the database) until a licence has its files. */
export async function filesReady(test: TestApp, licenceId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await sql<{ ready: boolean }>(test, 'select files is not null as ready from licences where id = ?', [licenceId]);
    if (row?.ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`licence ${licenceId} got no files`);
}

/**
 * Waits for the licence's receipt in the outbox. The files job stores the files first and queues the
 * receipt after, so a test that saw the files ready must not look for the receipt in the same instant.
 */
export async function receiptQueued(outbox: RecordingOutbox, licenceId: string): Promise<boolean> {
  for (let i = 0; i < 200 && !outbox.mails.has(`licence-receipt:${licenceId}`); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return outbox.mails.has(`licence-receipt:${licenceId}`);
}

export const OFFER = 'query($b: ID!) { beatLicenceOffer(beatId: $b) { beatId soldExclusively options { priceId title details priceCents } tiers { priceId available unavailableReason unavailableMessage } } }';
export const CHECKOUT = 'mutation($i: CreateLicenseCheckoutInput!) { createLicenseCheckout(input: $i) { id checkoutUrl } }';
export const MY_LICENCES = '{ myLicences { id beatId beatTitle tier tierTitle priceCents currency status issuedAt filesReady files { kind fileName bytes } producers { name shareBasisPoints } terms { label value } verifyUrl } }';
export const VERIFY = 'query($id: ID!) { licenceVerification(id: $id) { id status tier tierTitle issuedAt beatTitle producers { name shareBasisPoints } maskedBuyerName } }';
export const DOWNLOAD = 'mutation($l: ID!, $f: LicenceFileKind!) { requestLicenceDownload(licenceId: $l, file: $f) { url fileName expiresAt } }';
export const STATE = 'query($s: String!) { licenceForCheckoutSession(sessionId: $s) { sessionId status tier priceCents refundReason licence { id status filesReady } } }';
export const NOTICES = '{ licenceNotices { id kind message licenceId read } }';
