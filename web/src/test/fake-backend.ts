import { buildSchema, graphql, GraphQLError, type ExecutionResult } from 'graphql';
import schemaSdl from '../../../schema.graphql?raw';
import { COUNTRIES as API_COUNTRIES } from '../../../api/src/modules/accounts/countries';
import { PLAN_GATES, PLAN_GATE_IDS } from '../../../api/src/modules/billing/plan-gates';
import { planByLevel } from '../../../api/src/modules/billing/plans';
import { TEST_API_URL, TEST_CLIENT_CONFIG } from './test-config';
import { testIdToken } from './oidc-user';

/**
 * The network as the browser sees it: the api (GET /client-config, GraphQL executed against the
 * committed schema.graphql, the REST paths) and its identity provider (discovery, token endpoint).
 * Installed as `fetch`; it records every request so tests can check what the web app sent.
 */

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Path on the api origin, e.g. `/graphql`. */
  readonly path: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials | undefined;
  /** Parsed JSON, the FormData of a multipart request, the raw text, or undefined. */
  readonly body: unknown;
}

export interface FakeUser {
  id: string;
  username: string;
  email: string;
  userType: string | null;
  creatorName: string | null;
  fname: string | null;
  lname: string | null;
  country: string | null;
  imageUrl: string | null;
  subscriptionType: string;
  subscriptionLevel: number;
  tokensRemaining: number;
  isAdmin: boolean;
  emailConfirmationPending: boolean;
  createdAt: string;
}

export interface ProfileInput {
  readonly creatorName?: string | null;
  readonly fname?: string | null;
  readonly lname?: string | null;
  readonly country?: string | null;
  readonly userType?: string | null;
}

type Reply = { readonly status: number; readonly body?: unknown; readonly statusText?: string };

const schema = buildSchema(schemaSdl);

const OIDC = TEST_CLIENT_CONFIG.oidc.authority;
/** The identity provider's path on the api origin. */
const OIDC_PATH = OIDC.slice(TEST_API_URL.length);

function json(status: number, body: unknown, statusText = '', contentType = 'application/json'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': contentType } });
}

const lease = (overrides: Record<string, string> = {}) => ({
  termYears: '3', distributionCopies: '1000', audioStreams: '10000', freeDownloads: '5000', vidStreams: '10000', nonmonvidStreams: '10000',
  mvStreams: '10000', nonmonmvStreams: '10000', broadcastRights: 'No', performanceRights: 'No', nonprofitPerformances: 'Yes',
  synchronizationRights: 'No', additionalComments: '', ...overrides,
});

/** A producer with the api's defaults (requirements §P9 terms, default prices). */
export function defaultProducer(): Record<string, unknown> {
  return {
    id: 'producer-1', firstName: 'Dana', lastName: 'Moss', birthDate: '1990-04-12', producerName: 'DJ Demo', email: 'demo@ysm.local',
    pro: 'BMI', proId: 'BMI-123', masterRoyaltiesInfo: null,
    pricing: { priceStandardCents: 2999, priceAdvancedCents: 7999, priceExclabelCents: 99999, priceExcindieCents: 49999 },
    contract: {
      standleaseTerms: lease(),
      advancedleaseTerms: lease({ termYears: '5', distributionCopies: '250000', audioStreams: '250000', freeDownloads: '100000', vidStreams: '500000', nonmonvidStreams: '500000', mvStreams: '500000', nonmonmvStreams: '500000', performanceRights: 'Yes' }),
      exclabelTerms: { sellExclusives: 'No', additionalComments: '' },
      excindieTerms: { sellExclusives: 'No', additionalComments: '' },
    },
  };
}

export function gqlError(message: string, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** The api's refusal of a token created or extended without a recent sign-in. */
function recentSignInRequired(what: string): GraphQLError {
  return gqlError(`${what} needs a recent sign-in (within 10 minutes). Sign in again, then try once more.`, 'FORBIDDEN', { reason: 'recent_sign_in_required', maxAgeSeconds: 600 });
}

/** Puts uploaded files where the multipart request's `map` says (GraphQL multipart request spec). */
function applyMultipart(form: FormData): Record<string, unknown> {
  const operations = JSON.parse(form.get('operations') as string) as Record<string, unknown>;
  const map = JSON.parse(form.get('map') as string) as Record<string, string[]>;
  for (const [field, targets] of Object.entries(map)) {
    for (const target of targets) {
      const segments = target.split('.');
      let node = operations;
      for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string, unknown>;
      node[segments[segments.length - 1]] = form.get(field);
    }
  }
  return operations;
}

export interface FakeAccessToken {
  id: string;
  name: string;
  hint: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  lastUsedAt: string | null;
  useCount: number;
  revokedAt: string | null;
}

/** The api's scopes (platform/auth/api-scopes.ts), as accessTokenScopes answers them. */
export const FAKE_TOKEN_SCOPES = [
  { name: 'account:read', description: 'See your profile, plan and tokens remaining.', producersOnly: false },
  { name: 'beats:read', description: 'See your beats, their generation jobs and progress, and play their audio.', producersOnly: false },
  { name: 'beats:generate', description: 'Generate, regenerate, extend and edit beats (this spends your tokens).', producersOnly: false },
  { name: 'uploads:write', description: 'Upload, retag and withdraw your samples (producers only).', producersOnly: true },
];

export class FakeBackend {
  readonly requests: RecordedRequest[] = [];

  user: FakeUser = {
    id: 'user-1',
    username: 'demo',
    email: 'demo@ysm.local',
    userType: null,
    creatorName: 'DJ Demo',
    fname: 'Dana',
    lname: 'Moss',
    country: 'Canada',
    imageUrl: 'http://api.test/media/avatar-1.png',
    subscriptionType: 'Free',
    subscriptionLevel: 1,
    tokensRemaining: 25,
    isAdmin: false,
    emailConfirmationPending: false,
    createdAt: '2026-01-05T10:00:00.000Z',
  };

  /** Confirmation links asked for (`resendEmailConfirmation`); past three the api refuses. */
  confirmationResends = 0;

  /**
   * What `myProducer` answers: the signed-in user's producer record (prices in cents, contract
   * terms), or null for a user who is not a producer. Shaped as the schema's Producer type.
   */
  producer: Record<string, unknown> | null = defaultProducer();

  /** Access tokens the api accepts. */
  validTokens = new Set(['access-1']);

  /** The user's personal access tokens (My Account's Access tokens), as `accessTokens` lists them. */
  accessTokens: FakeAccessToken[] = [];
  /** The audit log of the user's tokens, newest first, as `accessTokenActivity` lists it. */
  accessTokenActivity: { id: string; action: string; tokenId: string; tokenName: string | null; expiresAt: string | null; createdAt: string }[] = [];
  /** When true, creating or extending a token is refused as the api does without a recent sign-in. */
  signInTooOld = false;
  /** What GET /check-stripe-account answers, or an HTTP failure. */
  stripeAccount: boolean | Reply = false;
  expressDashboardUrl = 'https://connect.stripe.test/express/acct_1';
  logoutReply: Reply = { status: 200, body: { message: 'Logged out.' } };
  /** The identity provider's answer to a refresh-token grant (an external provider that gives refresh tokens). */
  refreshReply: Reply = {
    status: 200,
    body: { access_token: 'access-2', token_type: 'Bearer', expires_in: 3600, refresh_token: 'refresh-2', scope: TEST_CLIENT_CONFIG.oidc.scope },
  };
  /**
   * The identity provider's answer to an authorization-code grant: the code a sign-in or the hidden
   * renewal frame brought back (test/provider-frame.ts), exchanged for new tokens; no refresh token.
   */
  codeReply: Reply = {
    status: 200,
    body: {
      access_token: 'access-2',
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: testIdToken({ sub: 'user-1', email: 'demo@ysm.local', preferred_username: 'demo' }),
      scope: TEST_CLIENT_CONFIG.oidc.scope,
    },
  };
  clientConfigReply: Reply = { status: 200, body: TEST_CLIENT_CONFIG };
  /** Replaces the default updateProfile behaviour, e.g. to throw a BAD_USER_INPUT error. */
  onUpdateProfile: ((input: ProfileInput, image: File | null) => FakeUser) | null = null;
  /** Replaces the default `me` behaviour, e.g. to throw UNAUTHENTICATED. */
  onMe: (() => FakeUser) | null = null;

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = this.parseBody(init.body, headers);
    const path = url.startsWith(TEST_API_URL) ? url.slice(TEST_API_URL.length) : url;
    this.requests.push({ method, url, path, headers, credentials: init.credentials, body });
    return this.route(method, path, headers, body);
  };

  /** Requests to one path (and method). */
  requestsTo(path: string, method?: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path && (!method || request.method === method));
  }

  /** GraphQL requests of one operation. */
  operations(operationName: string): RecordedRequest[] {
    return this.requestsTo('/graphql', 'POST').filter((request) => {
      const body = request.body instanceof FormData ? applyMultipart(request.body) : (request.body as Record<string, unknown>);
      return body.operationName === operationName;
    });
  }

  /** The operation body of a GraphQL request, multipart or not, with uploaded files in place. */
  static operationOf(request: RecordedRequest): { operationName: string; variables: Record<string, unknown> } {
    const body = request.body instanceof FormData ? applyMultipart(request.body) : (request.body as Record<string, unknown>);
    return { operationName: String(body.operationName), variables: (body.variables ?? {}) as Record<string, unknown> };
  }

  private parseBody(body: BodyInit | null | undefined, headers: Headers): unknown {
    if (body === undefined || body === null) return undefined;
    if (body instanceof FormData) return body;
    const text = String(body as string); // the app sends JSON or form text, or FormData (above)
    if ((headers.get('content-type') ?? '').includes('application/json')) return JSON.parse(text) as unknown;
    return text;
  }

  /** Root resolvers a feature's backend adds or replaces (its operations, answered as the api does). */
  protected moreResolvers(_signedIn: boolean): Record<string, (args: never) => unknown> {
    return {};
  }

  /** A route a feature's backend answers (e.g. a file download); null lets the base answer. */
  protected moreRoutes(_method: string, _path: string, _headers: Headers): Response | null {
    return null;
  }

  protected bearerOk(headers: Headers): boolean {
    const match = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '');
    return match !== null && this.validTokens.has(match[1]);
  }

  private reply(reply: Reply): Response {
    return json(reply.status, reply.body, reply.statusText ?? '');
  }

  /** Paths a feature's backend adds (its own REST paths); null lets the common ones answer. */
  protected routeMore(_method: string, _path: string, _headers: Headers, _body: unknown): Response | null {
    return null;
  }

  private async route(method: string, path: string, headers: Headers, body: unknown): Promise<Response> {
    const more = this.routeMore(method, path, headers, body);
    if (more) return more;
    const route = `${method} ${path}`;
    const answered = this.moreRoutes(method, path, headers);
    if (answered) return answered;
    switch (route) {
      case 'GET /client-config':
        return this.reply(this.clientConfigReply);
      case 'POST /graphql':
        return this.graphql(headers, body);
      case 'GET /check-stripe-account':
        if (!this.bearerOk(headers)) return json(401, { error: 'Unauthorized' }, 'Unauthorized');
        return typeof this.stripeAccount === 'boolean' ? json(200, { hasStripeAccount: this.stripeAccount }) : this.reply(this.stripeAccount);
      case 'POST /express-dashboard':
        if (!this.bearerOk(headers)) return json(401, { error: 'Unauthorized' }, 'Unauthorized');
        return json(200, { url: this.expressDashboardUrl });
      case 'POST /auth/logout':
        return this.reply(this.logoutReply);
      default:
    }
    if (method === 'GET' && path === `${OIDC_PATH}/.well-known/openid-configuration`) {
      return json(200, {
        issuer: OIDC,
        authorization_endpoint: `${OIDC}/auth`,
        token_endpoint: `${OIDC}/token`,
        end_session_endpoint: `${OIDC}/session/end`,
        jwks_uri: `${OIDC}/jwks`,
        userinfo_endpoint: `${OIDC}/me`,
      });
    }
    if (method === 'POST' && path === `${OIDC_PATH}/token`) {
      const grantType = new URLSearchParams(String(body)).get('grant_type');
      const reply = grantType === 'authorization_code' ? this.codeReply : this.refreshReply;
      if (reply.status === 200) {
        const token = (reply.body as { access_token: string }).access_token;
        this.validTokens.add(token);
      }
      return this.reply(reply);
    }
    return json(404, { error: `No route for ${route}` }, 'Not Found');
  }

  private async graphql(headers: Headers, body: unknown): Promise<Response> {
    const authorization = headers.get('authorization');
    if (authorization && !this.bearerOk(headers)) {
      // As the api does: a refused bearer token is an HTTP 401 with a GraphQL-shaped body.
      return json(401, { errors: [{ message: 'Invalid or expired access token.', extensions: { code: 'UNAUTHENTICATED' } }] }, 'Unauthorized');
    }
    const operation = body instanceof FormData ? applyMultipart(body) : (body as Record<string, unknown>);
    const signedIn = authorization !== null;
    const requireUser = () => {
      if (!signedIn) throw gqlError('You must be signed in.', 'UNAUTHENTICATED');
    };
    const rootValue = {
      me: () => {
        requireUser();
        return this.onMe ? this.onMe() : this.user;
      },
      countries: () => [...API_COUNTRIES],
      // The api's own gates and words (plan-gates.ts).
      planGates: () => PLAN_GATE_IDS.map((id) => ({ ...PLAN_GATES[id], planName: planByLevel(PLAN_GATES[id].minLevel).name })),
      myProducer: () => {
        requireUser();
        return this.producer;
      },
      myBeats: () => [],
      accessTokens: () => {
        requireUser();
        return this.accessTokens.filter((token) => !token.revokedAt);
      },
      accessTokenScopes: () => FAKE_TOKEN_SCOPES,
      accessTokenActivity: () => (requireUser(), this.accessTokenActivity),
      extendAccessToken: ({ id, input }: { id: string; input?: { expiresInDays?: number | null } | null }) => {
        requireUser();
        if (this.signInTooOld) throw recentSignInRequired('Extending an access token');
        const token = this.accessTokens.find((t) => t.id === id && !t.revokedAt);
        if (!token) throw gqlError('No such access token.', 'NOT_FOUND');
        token.expiresAt = input?.expiresInDays === 30 ? '2026-12-25T10:00:00.000Z' : '2027-02-23T10:00:00.000Z';
        this.accessTokenActivity.unshift({ id: `event-${this.accessTokenActivity.length + 1}`, action: 'extended', tokenId: id, tokenName: token.name, expiresAt: token.expiresAt, createdAt: '2026-11-25T12:00:00.000Z' });
        return token;
      },
      createAccessToken: ({ input }: { input: { name: string; scopes: string[]; expiresInDays?: number | null } }) => {
        requireUser();
        if (this.signInTooOld) throw recentSignInRequired('Creating an access token');
        if (/[<>]/.test(input.name)) throw gqlError('A token name may not contain < or >.', 'BAD_USER_INPUT');
        const secret = `bp_pat_${String(this.accessTokens.length + 1).padStart(43, 'x')}`;
        const token: FakeAccessToken = {
          id: `token-${this.accessTokens.length + 1}`,
          name: input.name.trim(),
          hint: secret.slice(0, 12),
          scopes: input.scopes,
          createdAt: '2026-11-25T10:00:00.000Z',
          expiresAt: input.expiresInDays === 30 ? '2026-12-25T10:00:00.000Z' : '2027-02-23T10:00:00.000Z',
          expired: false,
          lastUsedAt: null,
          useCount: 0,
          revokedAt: null,
        };
        this.accessTokens.push(token);
        return { token, secret };
      },
      revokeAccessToken: ({ id }: { id: string }) => {
        requireUser();
        const token = this.accessTokens.find((t) => t.id === id && !t.revokedAt);
        if (!token) throw gqlError('No such access token.', 'NOT_FOUND');
        token.revokedAt = '2026-11-25T11:00:00.000Z';
        return token;
      },
      myLicences: () => [],
      licenceNotices: () => [],
      // Support (issue 30): no recent payments, an empty Inbox (features/support/test has the real ones).
      moneyBackPayments: () => (requireUser(), []),
      supportInbox: () => (requireUser(), { currentPage: 1, pages: 1, total: 0, counts: { open: 0, answered: 0, closed: 0 }, items: [] }),
      updateProfile: ({ input, image }: { input: ProfileInput; image: File | null }) => {
        requireUser();
        if (this.onUpdateProfile) return this.onUpdateProfile(input, image ?? null);
        this.user = { ...this.user, ...input, ...(image ? { imageUrl: `http://api.test/media/${image.name}` } : {}) };
        return this.user;
      },
      resendEmailConfirmation: () => {
        requireUser();
        if (!this.user.emailConfirmationPending) throw gqlError('Your email address is already confirmed.', 'CONFLICT');
        if (this.confirmationResends >= 3) throw gqlError('We have sent several links already. Ask again in 60 minutes.', 'TOO_MANY_REQUESTS');
        this.confirmationResends += 1;
        return `We sent a new confirmation link to ${this.user.email}.`;
      },
      syncUser: ({ email, username }: { email: string; username: string }) => {
        requireUser();
        this.user = { ...this.user, email, username };
        return this.user;
      },
      ...this.moreResolvers(signedIn),
    };
    const result: ExecutionResult = await graphql({
      schema,
      source: String(operation.query),
      variableValues: operation.variables as Record<string, unknown> | undefined,
      operationName: operation.operationName as string | undefined,
      rootValue,
    });
    return json(200, result, 'OK', 'application/graphql-response+json');
  }
}
