import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DomainError, badInput, conflict, forbidden, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import { parseInput } from '../../platform/validation';
import { COUNTRY_MESSAGE, NAME_MAX, isListedCountry, profileText } from '../accounts';
import type { User } from '../accounts';
import { planRequired } from '../billing';
import type { BeatsService } from '../beats';
import type { PaymentsPort } from '../billing';
import type { ProducersService } from '../producers';
import type { LicenceFile } from '../licence-files';
import { TIER_TITLES, isLicenceTier } from './lease-tiers';
import { LicenceNotice } from './licence-notice.entity';
import { LicenceOrder } from './licence-order.entity';
import { Licence } from './licence.entity';
import { LICENCE_TEXTS } from './licence-messages';
import { UNAVAILABLE_MESSAGES, buildOffer, licensedProducers, licensingOfProducer, type BeatOffer } from './licence-offer';
import type { DownloadGrant, DownloadLinks } from './licence-download-links';
import type { LicenceFulfilment } from './licence-fulfilment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An open order's checkout is reused for this long (Stripe's sessions live 24 hours). */
const REUSE_OPEN_ORDER_HOURS = 23;
/** Stripe's smallest charge in US dollars. */
const STRIPE_MINIMUM_CENTS = 50;
/** How long a download link works. */
export const DOWNLOAD_LINK_SECONDS = 300;

export interface LicencesDeps {
  readonly orm: MikroORM;
  readonly payments: PaymentsPort;
  readonly beats: Pick<BeatsService, 'beat'>;
  readonly producers: Pick<ProducersService, 'licensingOf'>;
  /** The buyer's subscription level (billing's): exclusives need a plan that grants full rights. */
  readonly planLevelOf: (userId: string) => Promise<number>;
  readonly fulfilment: LicenceFulfilment;
  readonly blobs: BlobStore;
  readonly links: DownloadLinks;
  readonly logger: Logger;
  readonly webOrigin: string;
  readonly publicApiUrl: string;
}

/**
 * The licensee as the checkout may name them: validated as the profile is (accounts.schemas), since
 * these words are printed on the licence in place of the profile's. Empty means "the profile's".
 */
export const licenseeFields = {
  firstName: profileText(NAME_MAX, 'First name').optional(),
  lastName: profileText(NAME_MAX, 'Last name').optional(),
  country: z.string().trim().refine((v) => v === '' || isListedCountry(v), { message: COUNTRY_MESSAGE }).optional(),
};

/** POST /create-checkout-session and the mutation's input; no price: the server computes it. */
export const checkoutInput = z
  .object({
    beatId: z.string({ error: 'beat_id is required.' }).max(100),
    leaseOptionId: z.string({ error: 'lease_option_id is required.' }).max(100),
    ...licenseeFields,
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInput>;

export type FileKind = DownloadGrant['file'];

/** A file of a licence ready to download. */
export interface ReadyFile {
  readonly kind: FileKind;
  readonly file: LicenceFile;
}

/** The files a licence has, in the order My Licences lists them. */
export function readyFiles(licence: Licence): ReadyFile[] {
  const files = licence.files;
  if (!files) return [];
  const list: ReadyFile[] = [{ kind: 'mp3', file: files.mp3 }, { kind: 'wav', file: files.wav }];
  if (files.stems) list.push({ kind: 'stems', file: files.stems });
  list.push({ kind: 'document', file: files.document });
  return list;
}

/** "Ada Lovelace" -> "A*** L***": enough to recognise, nothing more. */
export const maskName = (first: string, last: string): string =>
  [first, last].map((part) => part.trim()).filter(Boolean).map((part) => `${[...part][0].toUpperCase()}***`).join(' ');

/**
 * Licences for a beat's owner: the offer (prices per tier from the producers' prices and shares),
 * checkout in payment mode at the server's price, the buyer's licences and files, the public
 * verification. Fulfilment (exactly once per order) lives in licence-fulfilment.ts.
 */
export class LicencesService {
  constructor(private readonly deps: LicencesDeps) {}

  /** The offer of one of the user's beats (NOT_FOUND for another user's or an unknown beat). */
  async offer(user: User, beatId: string): Promise<BeatOffer> {
    if (typeof beatId !== 'string' || !UUID.test(beatId)) throw notFound(LICENCE_TEXTS.beatNotFound);
    const beat = await this.deps.beats.beat(user, beatId);
    const ids = beat.producerShares.map((s) => s.producerId);
    const records = new Map((await this.deps.producers.licensingOf(ids)).map((p) => [p.user.id, licensingOfProducer(p, p.user.id)]));
    return buildOffer(beat, records, await this.soldExclusively(beat.id), await this.deps.planLevelOf(user.id));
  }

  async soldExclusively(beatId: string): Promise<boolean> {
    const rows = await this.deps.orm.em.fork().getConnection().execute(
      `select 1 from licences where beat_id = ? and exclusive and status <> 'refunded' limit 1`,
      [beatId],
    );
    return rows.length > 0;
  }

  /** The account holding the beat's exclusive licence (not refunded), or null when it has none. */
  async exclusiveHolder(beatId: string): Promise<string | null> {
    const rows = await this.deps.orm.em.fork().getConnection().execute<{ buyer_id: string }[]>(
      `select buyer_id from licences where beat_id = ? and exclusive and status <> 'refunded' limit 1`,
      [beatId],
    );
    return rows[0]?.buyer_id ?? null;
  }

  /**
   * POST /create-checkout-session: an order at the server's price, and the provider's checkout for
   * it (its idempotency key is the order's id). A second click while the order is open gets the
   * same checkout. The profile must be complete; a beat sold exclusively is not for sale.
   */
  async startCheckout(user: User, body: unknown): Promise<{ id: string; checkoutUrl: string }> {
    const input = parseInput(checkoutInput, body ?? {});
    const firstName = input.firstName || user.fname?.trim() || '';
    const lastName = input.lastName || user.lname?.trim() || '';
    const country = input.country || user.country?.trim() || '';
    const profileComplete = Boolean(user.fname?.trim() && user.lname?.trim() && user.country?.trim());
    if (!profileComplete || !firstName || !lastName || !country) throw badInput(LICENCE_TEXTS.incompleteProfile);
    if (!isLicenceTier(input.leaseOptionId)) throw badInput(LICENCE_TEXTS.unknownTier, { field: 'lease_option_id' });
    const tier = input.leaseOptionId;
    const offer = await this.offer(user, input.beatId);
    const tierOffer = offer.tiers.find((t) => t.tier === tier)!;
    // The same reasons, in the same words, as the offer gives for a tier it shows disabled.
    if (tierOffer.unavailableReason === 'plan') throw planRequired('fullRights');
    if (tierOffer.unavailableReason) throw conflict(UNAVAILABLE_MESSAGES[tierOffer.unavailableReason]);
    if (this.deps.payments.provider === 'stripe' && tierOffer.priceCents < STRIPE_MINIMUM_CENTS) throw conflict(LICENCE_TEXTS.belowMinimum);

    const em = this.deps.orm.em.fork();
    const connection = em.getConnection();
    // An open order of another price (the producers changed theirs) or too old to reuse gives way.
    await connection.execute(
      `update licence_orders set status = 'expired'
        where buyer_id = ? and beat_id = ? and tier = ? and status = 'open'
          and (price_cents <> ? or created_at < now() - make_interval(hours => ?))`,
      [user.id, offer.beatId, tier, tierOffer.priceCents, REUSE_OPEN_ORDER_HOURS],
    );
    await connection.execute(
      `insert into licence_orders (id, buyer_id, beat_id, tier, price_cents, currency, provider, status, buyer_email,
                                   buyer_first_name, buyer_last_name, buyer_country, producers, terms, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, 'usd', ?, 'open', ?, ?, ?, ?, ?, ?, now())
       on conflict (buyer_id, beat_id, tier) where status = 'open' do nothing`,
      [user.id, offer.beatId, tier, tierOffer.priceCents, this.deps.payments.provider, user.email, firstName, lastName, country,
        JSON.stringify(licensedProducers(offer, tier)), JSON.stringify(tierOffer.terms)],
    );
    const order = await em.findOne(LicenceOrder, { buyer: user.id, beat: offer.beatId, tier, status: 'open' });
    if (!order) throw conflict('The order changed meanwhile. Please try again.');
    if (order.checkoutSessionId && order.checkoutUrl) return { id: order.checkoutSessionId, checkoutUrl: order.checkoutUrl };

    const beatTitle = (await this.deps.beats.beat(user, offer.beatId)).title;
    const { sessionId, url } = await this.deps.payments.createPaymentCheckout(
      {
        orderId: order.id,
        customer: { userId: user.id, email: user.email, name: `${firstName} ${lastName}` },
        amountCents: order.priceCents,
        currency: 'usd',
        description: `${TIER_TITLES[tier]}: ${beatTitle}`.slice(0, 250),
        metadata: { beat_id: offer.beatId, tier, buyer_id: user.id },
        successUrl: `${this.deps.webOrigin}/success?session_id={CHECKOUT_SESSION_ID}&kind=licence`,
        cancelUrl: `${this.deps.webOrigin}/`,
      },
      null,
    );
    // Two clicks at once: the first session stored wins and both answer it.
    const [stored] = await connection.execute<{ checkout_session_id: string; checkout_url: string }[]>(
      `update licence_orders set checkout_session_id = coalesce(checkout_session_id, ?), checkout_url = coalesce(checkout_url, ?)
        where id = ? returning checkout_session_id, checkout_url`,
      [sessionId, url, order.id],
    );
    return { id: stored.checkout_session_id, checkoutUrl: stored.checkout_url };
  }

  /**
   * The success page: the buyer's order by its checkout session, fulfilled here too when the
   * provider says it is paid (the page never waits for the webhook).
   */
  async checkoutState(user: User, sessionId: string): Promise<{ order: LicenceOrder; licence: Licence | null }> {
    const order = await this.orderOf(user, sessionId);
    if (order.status === 'open' && order.checkoutSessionId) {
      const remote = await this.deps.payments.retrievePaymentCheckout(order.checkoutSessionId);
      if (remote?.paid) await this.deps.fulfilment.fulfil(order.checkoutSessionId, remote.paymentId);
    }
    const em = this.deps.orm.em.fork();
    const fresh = await em.findOneOrFail(LicenceOrder, { id: order.id });
    return { order: fresh, licence: await em.findOne(Licence, { order: order.id }, { populate: ['beat'] }) };
  }

  /** The local checkout's page: the order behind a local session. */
  async localOrder(sessionId: string): Promise<LicenceOrder> {
    const order = await this.deps.orm.em.fork().findOne(LicenceOrder, { checkoutSessionId: sessionId, provider: 'local' }, { populate: ['beat'] });
    if (!order) throw notFound(LICENCE_TEXTS.checkoutNotFound);
    return order;
  }

  /** The local checkout's Pay: the same fulfilment as Stripe's webhook. */
  async payLocally(sessionId: string): Promise<void> {
    const order = await this.localOrder(sessionId);
    if (order.status === 'expired') throw conflict('This checkout was cancelled.');
    await this.deps.fulfilment.fulfil(sessionId, `local_pay_${order.id}`);
  }

  /** The local checkout's Cancel. */
  async abandonLocally(sessionId: string): Promise<void> {
    await this.localOrder(sessionId);
    await this.deps.orm.em.fork().nativeUpdate(LicenceOrder, { checkoutSessionId: sessionId, status: 'open' }, { status: 'expired' });
  }

  /**
   * Licence orders for the admin dashboard, newest first: buyer email, beat, tier, price, status and
   * the producers credited with their shares.
   */
  async orders(page: { limit: number; offset: number }): Promise<LicenceOrder[]> {
    if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > 200 || !Number.isInteger(page.offset) || page.offset < 0) throw badInput('limit must be 1 to 200 and offset 0 or more.');
    return this.deps.orm.em.fork().find(LicenceOrder, { status: { $in: ['paid', 'refund_pending', 'refunded'] } }, { orderBy: { createdAt: 'desc' }, limit: page.limit, offset: page.offset, populate: ['beat'] });
  }

  /** My Licences: the user's licences, newest first. */
  myLicences(user: User): Promise<Licence[]> {
    return this.deps.orm.em.fork().find(Licence, { buyer: user.id }, { orderBy: { issuedAt: 'desc' }, populate: ['beat'], limit: 500 });
  }

  /** The public verification page's licence (no sign-in). */
  async verification(licenceId: string): Promise<Licence> {
    if (typeof licenceId !== 'string' || !UUID.test(licenceId)) throw notFound(LICENCE_TEXTS.licenceNotFound);
    const licence = await this.deps.orm.em.fork().findOne(Licence, { id: licenceId }, { populate: ['beat'] });
    if (!licence) throw notFound(LICENCE_TEXTS.licenceNotFound);
    return licence;
  }

  /** A short-lived download address of one file, for the licence holder only. */
  async requestDownload(user: User, licenceId: string, kind: FileKind, now = Date.now()): Promise<{ url: string; fileName: string; expiresAt: Date }> {
    const licence = await this.holderLicence(user.id, licenceId);
    const file = this.fileOf(licence, kind);
    const expiresAt = now + DOWNLOAD_LINK_SECONDS * 1000;
    const token = this.deps.links.issue({ licenceId: licence.id, file: kind, userId: user.id, expiresAt });
    return { url: `${this.deps.publicApiUrl}/licence-downloads/${token}`, fileName: file.fileName, expiresAt: new Date(expiresAt) };
  }

  /**
   * GET /licence-downloads/{token}: checks the link (signature, expiry; the account it was signed for
   * still holds the licence, unrefunded), logs the download, and answers the file to stream. The link
   * stands on its own, so a browser can open it and stream the file to disk; a caller who signs the
   * request (`caller`) must be that account.
   */
  async openDownload(caller: User | null, token: string, now = Date.now()): Promise<{ file: LicenceFile; stream: NodeJS.ReadableStream }> {
    const grant = this.deps.links.read(token);
    if (!grant) throw forbidden(LICENCE_TEXTS.linkInvalid);
    if (grant.expiresAt <= now) throw new DomainError('FORBIDDEN', LICENCE_TEXTS.linkExpired);
    if (caller && grant.userId !== caller.id) throw forbidden(LICENCE_TEXTS.linkForeign);
    const licence = await this.holderLicence(grant.userId, grant.licenceId);
    const file = this.fileOf(licence, grant.file);
    const stream = await this.deps.blobs.openStream(file.key);
    await this.deps.orm.em.fork().getConnection().execute(
      `insert into licence_downloads (licence_id, user_id, file, downloaded_at) values (?, ?, ?, now())`,
      [licence.id, grant.userId, grant.file],
    );
    return { file, stream };
  }

  /** The notices of My Account, newest first. */
  notices(user: User): Promise<LicenceNotice[]> {
    return this.deps.orm.em.fork().find(LicenceNotice, { user: user.id }, { orderBy: { createdAt: 'desc' }, limit: 50 });
  }

  async markNoticeRead(user: User, noticeId: string): Promise<LicenceNotice> {
    if (typeof noticeId !== 'string' || !UUID.test(noticeId)) throw notFound('That notice does not exist.');
    const em = this.deps.orm.em.fork();
    const notice = await em.findOne(LicenceNotice, { id: noticeId, user: user.id });
    if (!notice) throw notFound('That notice does not exist.');
    notice.readAt ??= new Date();
    await em.flush();
    return notice;
  }

  /** Refunds left due and licences left without files (a crash or a failure after commit): done again. */
  resumeFollowUps(): Promise<void> {
    return this.deps.fulfilment.resume();
  }

  verifyUrl(licenceId: string): string {
    return `${this.deps.webOrigin}/licenses/verify/${licenceId}`;
  }

  private async holderLicence(userId: string, licenceId: string): Promise<Licence> {
    if (typeof licenceId !== 'string' || !UUID.test(licenceId)) throw notFound(LICENCE_TEXTS.licenceNotFound);
    const licence = await this.deps.orm.em.fork().findOne(Licence, { id: licenceId });
    if (!licence || licence.buyer.id !== userId) throw notFound(LICENCE_TEXTS.licenceNotFound);
    if (licence.status === 'refunded') throw forbidden(LICENCE_TEXTS.refundedLicence);
    return licence;
  }

  private fileOf(licence: Licence, kind: FileKind): LicenceFile {
    if (!licence.files) throw conflict(LICENCE_TEXTS.filesPending);
    const file = readyFiles(licence).find((f) => f.kind === kind)?.file;
    if (!file) throw notFound(LICENCE_TEXTS.noStems);
    return file;
  }

  private async orderOf(user: User, sessionId: string): Promise<LicenceOrder> {
    if (typeof sessionId !== 'string' || sessionId.length > 255) throw notFound(LICENCE_TEXTS.checkoutNotFound);
    const order = await this.deps.orm.em.fork().findOne(LicenceOrder, { checkoutSessionId: sessionId, buyer: user.id });
    if (!order) throw notFound(LICENCE_TEXTS.checkoutNotFound);
    return order;
  }
}
