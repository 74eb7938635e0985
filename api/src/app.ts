import 'reflect-metadata';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import express, { json } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { LoopCacheStats } from './audio';
import type { Logger } from './platform/logging/logger';
import { requestLog } from './platform/logging/request-log';
import { createTokenVerifier } from './platform/auth/token-verifier';
import { createIdentityProvider } from './platform/auth/oidc/identity-provider';
import { sqlRunnerFromQuestionMarkExecutor } from './platform/auth/oidc/sql-runner';
import { createMediaRouter } from './platform/storage/media-router';
import { LocalBlobStore } from './platform/storage/local-blob-store';
import type { BlobStore } from './platform/storage/blob-store';
import { errorHandler, notFoundHandler } from './platform/http/error-handler';
import { refuseMultipartWithoutBoundary, refuseUnsafeText } from './platform/http/input-guards';
import { requireUploadPreflight, graphqlAuthErrors, graphqlInputGuard, rejectUnverifiedBearer } from './platform/http/graphql-guards';
import { optionalRequestToken } from './platform/http/current-user';
import { trackHttpConnections } from './platform/http/http-drain';
import { closeUnreadBodies } from './platform/http/request-body';
import { UploadBudget } from './platform/http/upload-budget';
import { graphqlMultipartUploads } from './platform/graphql/multipart-uploads';
import { buildApiSchema } from './graphql/schema';
import { createContext, type GraphQLContext } from './graphql/context';
import { formatError } from './platform/graphql/format-error';
import { createOperationLimits } from './platform/graphql/limits';
import { startWebSocketServer } from './platform/graphql/websocket-server';
import { explorerPlugin, isExplorerPageRequest } from './platform/graphql/explorer';
import { printApiSchema } from './graphql/print-schema';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, MAX_REQUEST_BYTES } from './modules/catalog/catalog.limits';
import { beatsRoutes } from './modules/beats/beats.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { localCheckoutRoutes } from './modules/billing/local-checkout.routes';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes';
import { isStripePayments } from './modules/billing/payments/stripe-payments';
import { producersRoutes } from './modules/producers/producers.routes';
import { localPayoutsRoutes } from './modules/producers/local-payouts.routes';
import { connectWebhookRoutes } from './modules/producers/connect-webhook.routes';
import { isStripePayouts } from './modules/producers/payouts/stripe-payouts';
import { myUploadsRoutes } from './modules/catalog/my-uploads.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { earningsChartsRoutes } from './modules/earnings/charts/earnings-charts.routes';
import type { Services } from './services';
import type { OrdersSource } from './modules/admin/orders-source.types';
import { adminRoutes } from './modules/admin/admin.routes';
import { licencesRoutes } from './modules/licences/licences.routes';
import { localLicenceCheckoutRoutes } from './modules/licences/local-licence-checkout.routes';
import { licenceCheckoutEvents } from './modules/licences/licence-webhook';
import type { LicenceFilesPort } from './modules/licence-files/licence-files.types';
import type { MailOutbox as LicenceMailOutbox } from './modules/licences/licence-ports';
import { createCore } from './core';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes';
import { createRateLimiter } from './platform/rate-limit/rate-limiter';
import { tokenScopePlugin } from './platform/graphql/token-scope';
import { networkKey } from './platform/rate-limit/network-key';
import { supportRoutes } from './modules/support/support.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';

export interface App {
  readonly httpServer: Server;
  readonly orm: MikroORM;
  readonly services: Services;
  readonly blobs: BlobStore;
  /** Upload bytes in flight, per user and in all (every upload path counts here). */
  readonly uploadBudget: UploadBudget;
  /** The memory caches' counters (see Core.cacheStats). */
  cacheStats(): Record<string, LoopCacheStats>;
  /** Starts listening; resolves with the bound port (0 in the config picks a free one). */
  listen(): Promise<number>;
  /** Drains HTTP and WebSocket, stops the identity provider and closes the pool. */
  close(): Promise<void>;
}

export interface AppOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** The PostgreSQL to use: `config.database.url`, or the embedded server main.ts started. */
  readonly databaseUrl: string;
  /** Licence orders for the admin dashboard (default: the licences module's). */
  readonly orders?: OrdersSource;
  /** The licence files module (default: the real one; tests may record instead). */
  readonly licenceFiles?: LicenceFilesPort | null;
  /** The mail outbox (default: the real one). */
  readonly mailOutbox?: LicenceMailOutbox | null;
}

/** The composition root: builds every piece once and wires them together. */
export async function createApp({ config, logger, databaseUrl, orders, licenceFiles, mailOutbox }: AppOptions): Promise<App> {
  const core = await createCore({ config, logger, databaseUrl, processJobs: !config.redisUrl || config.jobs.processInApi, orders, licenceFiles, mailOutbox });
  const { orm, blobs, services, revocations } = core;
  // Revocations made on any instance reach this one from now on (and the live ones are loaded).
  await revocations.start();
  const { accounts, catalog, beats } = services;

  const identity =
    config.auth.mode === 'embedded'
      ? await createIdentityProvider({
          issuer: config.auth.issuer,
          audience: config.auth.audience,
          webOrigin: config.webOrigin,
          clientId: config.auth.clientId,
          accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
          productName: config.productName,
          directory: accounts.directory(),
          sql: sqlRunnerFromQuestionMarkExecutor((sql, params) => orm.em.fork().getConnection().execute(sql, params)),
          logger,
          production: config.isProduction,
          counters: core.counters,
          loginThrottle: { networkFreeFailures: config.auth.signInFailuresPerNetwork },
          registrationThrottle: { perNetworkPerHour: config.auth.registrationsPerNetwork.perHour, perNetworkPerDay: config.auth.registrationsPerNetwork.perDay },
          revocations,
        })
      : undefined;
  // Bearer JWTs (sessions, device-flow tokens) and personal access tokens, each of the latter limited per token.
  const verifier = createTokenVerifier(config.auth, {
    directory: services.accessTokens.directory(),
    limiter: createRateLimiter(core.counters, { name: 'access-token', limit: config.accessTokens.rateLimitPerMinute, windowSeconds: 60 }),
  }, revocations);

  // Every upload path (GraphQL multipart, REST JSON, the profile form) counts its bytes here.
  const uploadBudget = new UploadBudget(config.uploads.inFlight);
  const uploadSpoolDir = join(config.dataDir, 'upload-spool');

  const schema = await buildApiSchema();
  const limits = createOperationLimits(schema, config.graphql);
  const app = express();
  const httpServer = createServer(app);
  // Idle keep-alive connections outlive a load balancer's idle timeout (60 s on common ones), so the
  // balancer, not the api, closes them, and a client never reuses a socket the api is closing.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const http = trackHttpConnections(httpServer);
  const ws = startWebSocketServer({ httpServer, schema, verifier, contextFor: (token) => createContext(services, token), limits, formatError: formatError(logger), revocations });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // main.ts owns shutdown: it drains the app, then stops the embedded database.
    stopOnTerminationSignals: false,
    introspection: !config.isProduction,
    parseOptions: limits.parseOptions,
    formatError: formatError(logger),
    plugins: [
      // On stop: no new connections; requests and subscriptions in flight finish within the grace period.
      {
        async serverWillStart() {
          return { drainServer: async () => void (await Promise.all([http.stop(config.shutdownGraceMs), ws.drain(config.shutdownGraceMs)])) };
        },
      },
      // No field declares a cache hint: computing the policy on every field of every answer changed nothing.
      ApolloServerPluginCacheControlDisabled(),
      limits.apolloPlugin,
      explorerPlugin(config.isProduction),
      tokenScopePlugin<GraphQLContext>(schema),
    ],
  });
  await apollo.start();

  app.disable('x-powered-by');
  // API answers are per user and change with every balance: an entity tag (a SHA-1 of each body)
  // would never be matched, only computed. Media keep their own (the media router's).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  const secureHeaders = {
    // The sign-in form posts to the api and is then redirected back to the web app.
    contentSecurityPolicy: { directives: { 'form-action': ["'self'", config.webOrigin] } },
    // Media (audio, pictures) is loaded by the web app from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  } as const;
  const pageHeaders = helmet(secureHeaders);
  // The development explorer page sets its own Content-Security-Policy (explorer.ts).
  const explorerHeaders = helmet({ ...secureHeaders, contentSecurityPolicy: false });
  app.use((req, res, next) => (isExplorerPageRequest(req, config.isProduction) ? explorerHeaders : pageHeaders)(req, res, next));
  app.use(requestLog(logger, { ignore: (path) => path === '/healthz' }));
  // A refusal sent before its body was read: read off at most 1 MiB more, then close.
  app.use(closeUnreadBodies());
  // Every transport: no NUL or lone surrogate in a path or query string, no unreadable multipart form.
  app.use(refuseUnsafeText, refuseMultipartWithoutBoundary);
  if (identity) app.use('/oidc', identity.router);
  if (blobs instanceof LocalBlobStore) app.use('/media', createMediaRouter(blobs, { corsOrigin: config.webOrigin }));
  app.use(cors({ origin: config.webOrigin, credentials: true, maxAge: 600 }));

  app.get('/healthz', async (_req, res) => {
    try {
      await orm.em.fork().getConnection().execute('SELECT 1');
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', database: 'unavailable' });
    }
  });
  // The schema as SDL, for code generators and readers (the committed schema.graphql is the same text).
  const sdl = printApiSchema(schema);
  app.get('/schema.graphql', (_req, res) => {
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'public, max-age=300').send(sdl);
  });
  app.get('/client-config', (_req, res) => {
    const wsUrl = config.publicApiUrl.replace(/^http/, 'ws');
    res.json({
      productName: config.productName,
      // The one support address the pages show (issue 30): configuration, never written into the web app.
      supportEmail: config.support.email,
      graphqlUrl: `${config.publicApiUrl}/graphql`,
      graphqlWsUrl: `${wsUrl}/graphql`,
      oidc: {
        authority: config.auth.issuer,
        clientId: config.auth.clientId,
        // No offline_access: the web app keeps no refresh token, it renews with the provider's session
        // cookie (prompt=none in a hidden iframe; docs/decisions.md).
        scope: 'openid profile email',
        audience: config.auth.mode === 'external' ? config.auth.audience : null,
      },
      // Which payments this instance takes (Stripe, or the local checkout and payout accounts), so
      // the pages name what the visitor will really see.
      payments: config.payments.kind,
    });
  });

  // Stripe signs the raw bytes: its webhook is mounted before any JSON parsing.
  if (isStripePayments(core.payments)) {
    const paymentCheckouts = licenceCheckoutEvents({ payments: core.payments, fulfilment: core.licenceFulfilment, applyOnce: (key, type, effects) => core.fulfilment.once(key, type, effects) });
    app.use(stripeWebhookRoutes({ stripe: core.payments, billing: services.billing, fulfilment: core.fulfilment, logger, refunds: services.providerRefunds, paymentCheckouts }));
  }
  if (isStripePayouts(core.payouts)) app.use(connectWebhookRoutes({ stripe: core.payouts, producers: services.producers, logger }));

  app.use(
    '/graphql',
    requireUploadPreflight,
    json({ limit: '100kb' }),
    verifier.http({ required: false, tokens: 'per-operation' }),
    graphqlAuthErrors,
    rejectUnverifiedBearer,
    // Uploads only once the user is known, only for operations that take files, within the budget.
    // The largest upload any operation takes (sample files); each resolver applies its own, smaller limit.
    graphqlMultipartUploads({
      schema,
      limits,
      budget: uploadBudget,
      spoolDir: uploadSpoolDir,
      maxFileBytes: MAX_FILE_BYTES,
      maxFiles: MAX_FILES_PER_REQUEST,
      maxRequestBytes: MAX_REQUEST_BYTES,
      maxFieldBytes: 100 * 1024,
    }),
    graphqlInputGuard(limits),
    expressMiddleware(apollo, {
      context: async ({ req }) => createContext(services, optionalRequestToken(req), networkKey(req.ip)),
    }),
  );

  app.use(
    accountsRoutes({ accounts, verifier, endSessions: identity ? (accountId: string) => identity.endSessionsFor(accountId) : undefined, resolveUser: services.resolveUser, beatsOf: (user) => beats.summaries(user), planLevelOf: (userId) => services.billingAccounts.levelOf(userId), uploadBudget }),
  );
  app.use(catalogRoutes({ catalog, verifier, resolveUser: services.resolveUser, budget: uploadBudget }));
  app.use(myUploadsRoutes({ myUploads: services.myUploads, verifier, resolveUser: services.resolveUser }));
  app.use(beatsRoutes({ beats, verifier, resolveUser: services.resolveUser, billingStateOf: (userId) => services.billingAccounts.stateOf(userId) }));
  app.use(producersRoutes({ producers: services.producers, verifier, resolveUser: services.resolveUser }));
  app.use(earningsRoutes({ earningsView: services.earningsView, verifier, resolveUser: services.resolveUser }));
  app.use(earningsChartsRoutes({ earningsCharts: services.earningsCharts, verifier, resolveUser: services.resolveUser, productName: config.productName }));
  app.use(billingRoutes({ billing: services.billing, verifier, resolveUser: services.resolveUser }));
  app.use(adminRoutes({ admin: services.admin, verifier, resolveUser: services.resolveUser }));
  app.use(licencesRoutes({ licences: services.licences, verifier, resolveUser: services.resolveUser }));
  app.use(accessTokensRoutes({ accessTokens: services.accessTokens, verifier, resolveUser: services.resolveUser }));
  app.use(sharingRoutes({ sharing: services.sharing, verifier, resolveUser: services.resolveUser, productName: config.productName, webOrigin: config.webOrigin }));
  app.use(supportRoutes({ support: services.support, verifier, resolveUser: services.resolveUser }));
  if (core.payments.provider === 'local') app.use(localCheckoutRoutes({ billing: services.billing, productName: config.productName, webOrigin: config.webOrigin }));
  if (core.payments.provider === 'local') app.use(localLicenceCheckoutRoutes({ licences: services.licences, productName: config.productName, webOrigin: config.webOrigin }));
  if (core.payouts.provider === 'local') app.use(localPayoutsRoutes({ producers: services.producers, productName: config.productName, webOrigin: config.webOrigin }));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    httpServer,
    orm,
    services,
    blobs,
    uploadBudget,
    cacheStats: () => core.cacheStats(),
    listen: () =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(config.port, config.host, () => {
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : config.port);
        });
      }),
    async close() {
      const step = async (name: string, run: () => Promise<unknown> | undefined) => {
        const started = Date.now();
        await run();
        logger.debug({ step: name, ms: Date.now() - started }, 'shutdown step done');
      };
      await step('http and websocket drained', () => apollo.stop());
      await step('identity provider stopped', () => identity?.close());
      await step('jobs, pools and database closed', () => core.close());
    },
  };
}
