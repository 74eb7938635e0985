import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { Logger } from './platform/logging/logger';
import { openDatabase } from './platform/db/orm';
import { ENTITIES } from './entities';
import { getOrCreateSecret } from './platform/db/app-secrets';
import { createBlobStore } from './platform/storage/create-blob-store';
import type { BlobStore } from './platform/storage/blob-store';
import { createMemoryEventBus } from './platform/pubsub/event-bus';
import { createRedisEventBus } from './platform/pubsub/redis-event-bus';
import { createInProcessQueue } from './platform/queue/job-queue';
import { createBullQueue } from './platform/queue/bullmq-queue';
import type { LoopCacheStats } from './audio';
import { createRenderPool, createRandom } from './audio';
import { AccountsService } from './modules/accounts/accounts.service';
import { CatalogService } from './modules/catalog/catalog.service';
import { createSampleAnalyzer } from './modules/catalog/sample-analyzer';
import { createSampleFileLoader } from './modules/catalog/sample-source';
import { BeatsService } from './modules/beats/beats.service';
import { CreditsService } from './modules/billing/credits.service';
import { BillingAccounts } from './modules/billing/billing-accounts.service';
import { BillingService } from './modules/billing/billing.service';
import { Fulfilment } from './modules/billing/fulfilment';
import { createPayments } from './modules/billing/payments/create-payments';
import type { PaymentsPort } from './modules/billing/payments/payments-port';
import { GenerationRunner } from './modules/beats/generation-runner';
import { poolBeatRenderer } from './modules/beats/pool-beat-renderer';
import { ContentIdService } from './modules/content-id';
import { loadLexicon } from './modules/beats/prompt/load-lexicon';
import { PromptReader } from './modules/beats/prompt/prompt-reader';
import { DatasetService } from './modules/catalog/dataset.service';
import { PlatformStatsService } from './modules/showcase/platform-stats.service';
import { ShowcaseService } from './modules/showcase/showcase.service';
import { ProducersService } from './modules/producers/producers.service';
import { createPayouts } from './modules/producers/payouts/create-payouts';
import type { PayoutsPort } from './modules/producers/payouts/payouts-port';
import { MyUploadsService } from './modules/catalog/my-uploads.service';
import { LicenceFilesService } from './modules/licence-files/licence-files.service';
import { MailOutbox } from './platform/mail/mail-outbox';
import { emlFileTransport, smtpTransport } from './platform/mail/mail-transport';
import { EarningsService } from './modules/earnings/earnings.service';
import { PayoutRunner } from './modules/earnings/payouts/payout-runner';
import { ProviderRefunds } from './modules/earnings/payouts/provider-refunds';
import { EarningsViewService } from './modules/earnings/view/earnings-view.service';
import { EarningsChartsService } from './modules/earnings/charts/earnings-charts.service';
import type { Services } from './services';
import { AdminService } from './modules/admin/admin.service';
import type { OrdersSource } from './modules/admin/orders-source.types';
import { BillingAdminService } from './modules/billing/billing-admin.service';
import type { LicenceFilesPort } from './modules/licence-files/licence-files.types';
import type { MailOutbox as LicenceMailOutbox } from './modules/licences/licence-ports';
import { LicencesService } from './modules/licences/licences.service';
import { LicenceRefunds } from './modules/licences/licence-refunds';
import { LicenceFulfilment } from './modules/licences/licence-fulfilment';
import { licenceFilesJob } from './modules/licences/licence-files.job';
import { createDownloadLinks } from './modules/licences/licence-download-links';
import type { JobQueue } from './platform/queue/job-queue';
import { AccessTokensService } from './modules/access-tokens/access-tokens.service';
import { AuditService } from './modules/audit/audit.service';
import { CredentialRevocations } from './platform/auth/credential-revocations';
import { sqlRunnerFromQuestionMarkExecutor } from './platform/auth/oidc/sql-runner';
import { createCounterStore, type CounterStore } from './platform/rate-limit/counter-store';
import { createRateLimiter } from './platform/rate-limit/rate-limiter';
import { createPasswordHasher } from './modules/accounts/password';
import { EmailConfirmation } from './modules/accounts/email-confirmation';
import { FREE_PLAN } from './modules/billing/plans';
import { SupportService } from './modules/support/support.service';
import { RefundRequestsService } from './modules/support/refund-requests.service';
import { SharingService } from './modules/sharing/sharing.service';
import { REFUND_WINDOW_DAYS } from './modules/billing/billing-admin.service';

/** A job nothing has moved for this long is failed and refunded (no render takes minutes). */
const STALE_JOB_MS = 15 * 60_000;
const STALE_SWEEP_MS = 60_000;

export interface CoreOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly databaseUrl: string;
  /** Whether this process takes generation jobs (the api in embedded mode, or a worker). */
  readonly processJobs: boolean;
  /** Licence orders for the admin dashboard (default: the licences module's; tests may bring their own). */
  readonly orders?: OrdersSource;
  /** The licence files module (PDF and the tier's audio); default the real one. Tests may record instead. */
  readonly licenceFiles?: LicenceFilesPort | null;
  /** The mail outbox receipts and refund notices go to; default the real one. */
  readonly mailOutbox?: LicenceMailOutbox | null;
}

export interface Core {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly services: Services;
  /** Where subscriptions are paid: Stripe, or the local checkout. */
  readonly payments: PaymentsPort;
  readonly fulfilment: Fulfilment;
  /** Where producers are paid: Stripe Connect Express, or local payout accounts. */
  readonly payouts: PayoutsPort;
  /** Licence fulfilment, for the payment webhook. */
  readonly licenceFulfilment: LicenceFulfilment;
  /** Expiring counters for rate limits and sign-in throttling: Redis when configured (shared by instances), else memory. */
  readonly counters: CounterStore;
  /** Ended sign-ins and revoked personal access tokens, recorded and announced to every instance (the api starts listening). */
  readonly revocations: CredentialRevocations;
  /**
   * The memory caches' counters (bytes held, entries, hits, evictions): samples' files always, warped
   * loops and MP3 chunks once the render pool has started. For the soak and for operators.
   */
  cacheStats(): Record<string, LoopCacheStats>;
  /** Stops taking jobs (waiting for running ones), stops the thread pools, closes connections. */
  close(): Promise<void>;
}

/**
 * Everything but the HTTP surface: database, blob store, event bus, job queue, thread pools and
 * the domain services. The api (app.ts) and the scale-out worker (worker.ts) both start from here.
 */
export async function createCore({ config, logger, databaseUrl, processJobs, orders, licenceFiles: licenceFilesOverride, mailOutbox: mailOverride }: CoreOptions): Promise<Core> {
  const orm = await openDatabase(databaseUrl, ENTITIES, logger, config.database.poolMax);
  const storage = config.storage;
  const blobs = createBlobStore(
    storage.kind === 'local'
      ? {
          kind: 'local',
          root: storage.root,
          publicBaseUrl: config.publicApiUrl,
          signingSecret: storage.signingSecret ?? (await getOrCreateSecret(orm.em.fork(), 'media-url-signing')),
          defaultExpiresInSeconds: storage.urlTtlSeconds,
        }
      : { ...storage, defaultExpiresInSeconds: storage.urlTtlSeconds },
  );

  // ADMIN_EMAILS is trusted only for emails an external identity provider verified (issue 15).
  const adminEmails = config.auth.mode === 'external' ? config.auth.adminEmails : [];
  if (config.auth.mode === 'embedded' && config.auth.adminEmails.length) {
    logger.warn('ADMIN_EMAILS is ignored with the built-in identity provider (it does not verify emails); use npm run admin:grant');
  }
  // Every instance sends pending mail; a claim per mail keeps two from sending the same one.
  const mail = new MailOutbox({
    orm, blobs, logger, from: config.mail.from,
    transport: config.mail.kind === 'smtp' ? smtpTransport(config.mail.smtpUrl) : emlFileTransport(config.mail.dir),
  });
  mail.start();
  const counters = createCounterStore({ redisUrl: config.redisUrl, namespace: config.jobs.queuePrefix, logger });
  const accounts = new AccountsService({
    orm, blobs, logger, adminEmails,
    hasher: createPasswordHasher({ concurrency: config.auth.passwordHashConcurrency }),
    // Local accounts (the built-in provider) confirm their email; the link opens the provider's page.
    confirmation: config.auth.mode === 'embedded'
      ? {
          links: new EmailConfirmation({
            secret: await getOrCreateSecret(orm.em.fork(), 'email-confirmation'),
            linkFor: (token) => `${config.auth.issuer}/confirm-email?token=${encodeURIComponent(token)}`,
            productName: config.productName,
            freeTokens: FREE_PLAN.tokensPerMonth,
          }),
          mail,
          resendLimiter: createRateLimiter(counters, { name: 'email-confirmation-resend', limit: 3, windowSeconds: 3600 }),
        }
      : undefined,
  });
  const billingAccounts = new BillingAccounts({ orm });
  const credits = new CreditsService({ orm, accounts: billingAccounts });
  // The local checkout derives its session ids from idempotency keys with the install's secret.
  const payments = createPayments(config, () => getOrCreateSecret(orm.em.fork(), 'local-checkout-keys'));
  const fulfilment = new Fulfilment({ orm, credits, logger });
  const billing = new BillingService({ orm, payments, fulfilment, credits, billingAccounts, logger, webOrigin: config.webOrigin });
  const payouts = createPayouts(config);
  const producers = new ProducersService({ orm, payouts, logger, webOrigin: config.webOrigin, productName: config.productName, uploads: config.uploads, planLevelOf: (userId) => billingAccounts.levelOf(userId) });
  const analyzer = createSampleAnalyzer();
  const catalog = new CatalogService({
    orm,
    blobs,
    logger,
    analyzer,
    admitUpload: (user) => producers.admitUpload(user),
    storageBytesPerProducer: config.uploads.storageBytes,
    spoolDir: join(config.dataDir, 'upload-spool'),
  });
  const events = config.redisUrl ? createRedisEventBus(config.redisUrl, logger, config.jobs.queuePrefix) : createMemoryEventBus();
  const queue = config.redisUrl
    ? createBullQueue({ redisUrl: config.redisUrl, concurrency: config.jobs.concurrency, logger, prefix: config.jobs.queuePrefix, lockDurationMs: config.jobs.lockMs })
    : createInProcessQueue(config.jobs.concurrency);
  const loadSample = createSampleFileLoader(orm, blobs, config.caches.sampleBytes);
  const renderer = poolBeatRenderer(() =>
    createRenderPool({ loadSample, size: config.renderThreads, cacheBytes: config.caches.warpBytes, mp3CacheBytes: config.caches.mp3ChunkBytes }),
  );
  const seeded = config.jobs.seed === undefined ? undefined : createRandom(config.jobs.seed);
  const random = seeded && (() => seeded.next());
  // Word vectors load in the background (from their cache, distilled there at a first start); the first prompts wait for them.
  const prompts = new PromptReader(catalog, loadLexicon(config.wordVectorsDir, logger));
  // Beats credit producers by their producer name; material from accounts without a producer record
  // (uploads from before producer records, test rows) by the account's name.
  const producerNames = async (ids: readonly string[]) => {
    const names = await producers.displayNames(ids);
    const missing = ids.filter((id) => !names.has(id));
    for (const [id, name] of await accounts.displayNames(missing)) names.set(id, name);
    return names;
  };
  const contentId = new ContentIdService({ orm, blobs, logger });
  const runner = new GenerationRunner({ orm, blobs, renderer, events, tokens: credits, logger, random, prompts, catalog, producerNames, landmarks: contentId });
  const beats = new BeatsService({ orm, tokens: credits, planLevelOf: (userId) => billingAccounts.levelOf(userId), queue, events, blobs, prompts, renderer, catalog });
  if (!config.redisUrl) await runner.recoverInterrupted();
  // With Redis, jobs outlive any one process; every instance fails the ones left stranded.
  const staleSweep = config.redisUrl
    ? setInterval(() => void runner.failStale(STALE_JOB_MS).catch((err) => logger.warn({ err }, 'stale job sweep failed')), STALE_SWEEP_MS)
    : undefined;
  staleSweep?.unref();
  if (processJobs) {
    renderer.start();
    queue.process(runner.handle, runner.abandon);
  }
  const resolveUser: Services['resolveUser'] = async (token) => {
    const user = await accounts.resolveTokenUser(token);
    // A new local account's free credits start with its confirmed email (docs/decisions.md).
    if (accounts.freeTokensAwaitConfirmation(user, (await billingAccounts.stateOf(user.id)).cycleEnd !== null)) return user;
    await credits.ensureCycle(user.id);
    return user;
  };
  // Producers' transfers: their own queue (BullMQ's "payouts" with Redis), jobs where generation jobs run.
  const payoutQueue = config.redisUrl
    ? createBullQueue({ redisUrl: config.redisUrl, concurrency: 2, logger, prefix: config.jobs.queuePrefix, lockDurationMs: config.jobs.lockMs, name: 'payouts', dedupe: false })
    : createInProcessQueue(2);
  const payoutRunner = new PayoutRunner({ orm, payouts, producers, queue: payoutQueue, logger, options: config.payoutJobs });
  const earnings = new EarningsService({ orm, producers, runner: payoutRunner, logger });
  const providerRefunds = new ProviderRefunds({ orm, earnings, logger });
  producers.onPayoutAccountReady(async ({ producerId, userId }) => void (await payoutRunner.releaseHeld([producerId, userId])));
  if (processJobs) {
    payoutQueue.process(payoutRunner.handle, payoutRunner.abandon);
    // Alone (embedded), whatever was being sent when the last process stopped is finished now; with
    // Redis, leases tell which sends were left by a dead process.
    await (config.redisUrl ? payoutRunner.sweep() : payoutRunner.recoverInterrupted());
    payoutRunner.startSweeping(config.payoutJobs.sweepMs);
  }
  const dataset = new DatasetService({ orm });
  const showcase = new ShowcaseService({ accounts, catalog, beats, queue, blobs, logger });
  const platformStats = new PlatformStatsService({ catalog, beats, accounts });
  const licenceFiles = new LicenceFilesService({ blobs, beats, productName: config.productName, logger });
  const licenceFilesPort: LicenceFilesPort | null = licenceFilesOverride === undefined ? licenceFiles : licenceFilesOverride;
  const mailOutbox: LicenceMailOutbox | null = mailOverride === undefined ? mail : mailOverride;
  // Licence files are prepared by their own queue, so a render of stems never waits behind generations.
  const filesQueue: JobQueue = config.redisUrl
    ? createBullQueue({ redisUrl: config.redisUrl, concurrency: 1, logger, prefix: `${config.jobs.queuePrefix}-licence-files`, lockDurationMs: config.jobs.lockMs })
    : createInProcessQueue(1);
  const licenceFulfilment = new LicenceFulfilment({ orm, payments, applyOnce: (key, type, effects) => fulfilment.once(key, type, effects), filesQueue, mail: mailOutbox, earnings, logger });
  const licences = new LicencesService({
    orm, payments, beats, producers, blobs, logger, fulfilment: licenceFulfilment,
    planLevelOf: (userId) => billingAccounts.levelOf(userId),
    links: createDownloadLinks(await getOrCreateSecret(orm.em.fork(), 'licence-download-signing')),
    webOrigin: config.webOrigin,
    publicApiUrl: config.publicApiUrl,
  });
  // Refunds of sold licences (an admin's, Stripe's dashboard refunds, lost disputes) refund the licence too.
  const licenceRefunds = new LicenceRefunds({ orm, payments, earnings, beats, mail: mailOutbox, logger });
  providerRefunds.handleWith(licenceRefunds.markRefunded);
  if (!mailOutbox) logger.warn('no mail outbox is wired: licence receipts and refund mails are not sent');
  // Only a process that has the licence files module takes their jobs (a worker without it leaves them).
  if (processJobs && licenceFilesPort) {
    const prepareFiles = licenceFilesJob({ orm, files: licenceFilesPort, mail: mailOutbox, beats, accounts, logger, verifyUrl: (id) => licences.verifyUrl(id) });
    filesQueue.process(
      async (licenceId) => {
        try {
          await prepareFiles(licenceId);
        } catch (err) {
          logger.error({ err, licenceId }, 'licence files could not be prepared; retried at the next start');
          throw err;
        }
      },
      async (licenceId, reason) => logger.warn({ licenceId, reason }, 'licence files job abandoned'),
    );
    void licenceFulfilment.resume().catch((err) => logger.warn({ err }, 'licence follow-ups could not be resumed'));
  }
  const billingAdmin = new BillingAdminService({ orm, payments, fulfilment, billingAccounts, accounts, logger });
  const admin = new AdminService({ orm, accounts, billingAdmin, credits, producers, catalog, orders: orders ?? licenceRefunds });
  const revocations = new CredentialRevocations({
    sql: sqlRunnerFromQuestionMarkExecutor((sql, params) => orm.em.fork().getConnection().execute(sql, params)),
    events,
    logger,
    // A revoked grant's access tokens live at most this long (and a margin for clock skew between hosts).
    grantKeepSeconds: config.auth.accessTokenTtlSeconds + 300,
  });
  const audit = new AuditService({ orm });
  const accessTokens = new AccessTokensService({
    orm, logger, audit,
    isProducer: async (userId) => (await producers.producerOf(userId)) !== null,
    subjectOf: async (userId) => (await accounts.findById(userId))?.subject ?? null,
    recentSignInMinutes: config.accessTokens.recentSignInMinutes,
    announceRevoked: (tokenId) => revocations.accessTokenRevoked(tokenId),
  });
  // Support (issue 30): contact messages limited per account and per network, in the shared counters.
  const mailContext = { productName: config.productName, supportEmail: config.support.email, webOrigin: config.webOrigin };
  const support = new SupportService({
    orm, mail, mailContext, logger,
    planLevelOf: (userId) => billingAccounts.levelOf(userId),
    limits: {
      perUser: createRateLimiter(counters, { name: 'support-user', limit: config.support.messagesPerHour, windowSeconds: 3600 }),
      perNetwork: createRateLimiter(counters, { name: 'support-network', limit: config.support.messagesPerHourPerNetwork, windowSeconds: 3600 }),
    },
  });
  const refundRequests = new RefundRequestsService({
    orm, mail, mailContext, logger, payments: billing, windowDays: REFUND_WINDOW_DAYS,
    refund: (adminUser, paymentId, reason, em) => admin.refundSubscriptionPayment(adminUser, paymentId, reason, em),
  });
  // Public beat pages (issue 36): views, audio requests and play reports limited per network.
  const sharing = new SharingService({
    orm, beats, licences, blobs,
    secret: await getOrCreateSecret(orm.em.fork(), 'shared-beat-audio'),
    publicApiUrl: config.publicApiUrl,
    webOrigin: config.webOrigin,
    limits: {
      views: createRateLimiter(counters, { name: 'shared-beat-views', limit: 120, windowSeconds: 600 }),
      audio: createRateLimiter(counters, { name: 'shared-beat-audio', limit: 60, windowSeconds: 600 }),
      plays: createRateLimiter(counters, { name: 'shared-beat-plays', limit: 60, windowSeconds: 600 }),
    },
  });
  const services: Services = {
    accessTokens,
    accounts, catalog, beats, generation: runner, credits, billingAccounts, billing, resolveUser, dataset, showcase, platformStats, producers, myUploads: new MyUploadsService({ orm }),
    licenceFiles, mail, earnings, payoutRunner, providerRefunds, admin, licences,
    earningsView: new EarningsViewService({ orm, producers, beats }),
    earningsCharts: new EarningsChartsService({ orm, producers, beats }),
    support, refundRequests, contentId, sharing,
  };


  return {
    orm,
    blobs,
    services,
    payments,
    fulfilment,
    payouts,
    licenceFulfilment,
    counters,
    revocations,
    cacheStats: () => ({ sampleFiles: loadSample.stats(), ...renderer.cacheStats() }),
    async close() {
      await accessTokens.close();
      await revocations.close();
      clearInterval(staleSweep);
      payoutRunner.stop();
      await payoutQueue.close();
      showcase.close();
      await mail.close();
      await queue.close();
      await filesQueue.close();
      await renderer.close();
      await events.close();
      await counters.close();
      await analyzer.close();
      await orm.close(true);
    },
  };
}
