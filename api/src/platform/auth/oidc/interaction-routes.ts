import { Router, urlencoded, type Request, type RequestHandler, type Response } from 'express';
import Provider, { errors } from 'oidc-provider';
import type { AccountDirectory, IdentityAccount } from '../identity-port';
import { DomainError } from '../../errors';
import type { LoginThrottle, SignInAttempt } from './login-throttle';
import type { RegistrationThrottle } from './registration-throttle';
import type { KnownDevices } from './known-devices';
import { parseRegistrationForm } from './registration-form';
import { textProblem } from '../../text-safety';
import { networkKey } from '../../net/network-key';
import {
  renderLoginPage,
  renderMessagePage,
  renderRegisterPage,
  type LoginPageModel,
  type PageChrome,
  type RegisterField,
  type RegisterPageModel,
} from './interaction-views';
import type { OidcLogger } from './oidc-logger';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface FirstPartyGrant {
  readonly clientId: string;
  /** OpenID scopes granted when requested (openid profile email offline_access). */
  readonly oidcScopes: ReadonlySet<string>;
  /** The API's resource indicator. */
  readonly resource: string;
  /** Granted for the API: the requested OpenID scopes again (see API_RESOURCE_SCOPES) and these. */
  readonly resourceScopes: readonly string[];
  /** The device client (command-line tools) and the API scopes it may be granted. */
  readonly device?: DeviceGrant;
}

export interface DeviceGrant {
  readonly clientId: string;
  readonly scopes: ReadonlySet<string>;
}

export interface InteractionRoutesDeps {
  readonly provider: Provider;
  readonly directory: AccountDirectory;
  readonly throttle: LoginThrottle;
  readonly registrationThrottle: RegistrationThrottle;
  /** Browsers accounts have signed in on (the throttle lets them through on their own budget). */
  readonly devices: KnownDevices;
  readonly chrome: PageChrome;
  /** The provider's mount path, e.g. `/oidc`. */
  readonly basePath: string;
  readonly grant: FirstPartyGrant;
  readonly logger: OidcLogger;
}

export const INVALID_CREDENTIALS = 'Invalid email/username or password.';
export const ALREADY_REGISTERED = 'That email or username is already registered.';
const MISSING_CREDENTIALS = 'Enter your email or username and your password.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** "30 seconds", "1 minute", "15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const retryAfterOf = (error: DomainError) => Math.max(1, Math.ceil(Number(error.details?.retryAfterSeconds) || 5));

const REGISTER_FIELDS: readonly string[] = ['email', 'username', 'password', 'confirmPassword'] satisfies RegisterField[];

/**
 * The sign-in and registration pages oidc-provider sends the browser to (`interactions.url`).
 * The web app is first-party, so consent is granted here without asking: a user goes straight
 * from the form back to the app.
 */
export function createInteractionRouter(deps: InteractionRoutesDeps): Router {
  const { provider, directory, throttle, registrationThrottle, devices, chrome, basePath, logger } = deps;
  const router = Router();
  // Small forms only; nested objects are never needed.
  const form = urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 });
  const urls = (uid: string) => {
    const base = `${basePath}/interaction/${encodeURIComponent(uid)}`;
    return { page: base, login: `${base}/login`, register: `${base}/register` };
  };

  const sendHtml = (res: Response, status: number, html: string) => {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  };
  const loginPage = (res: Response, status: number, uid: string, extra: Partial<LoginPageModel> = {}) => {
    const u = urls(uid);
    sendHtml(res, status, renderLoginPage({ chrome, actionUrl: u.login, loginUrl: u.page, registerUrl: u.register, ...extra }));
  };
  const registerPage = (res: Response, status: number, uid: string, extra: Partial<RegisterPageModel> = {}) => {
    const u = urls(uid);
    sendHtml(res, status, renderRegisterPage({ chrome, actionUrl: u.register, registerUrl: u.register, loginUrl: u.page, ...extra }));
  };
  const expiredPage = (res: Response) =>
    sendHtml(
      res,
      400,
      renderMessagePage({
        chrome,
        title: 'This sign-in page has expired',
        message: `Go back to ${chrome.productName} and sign in again.`,
        link: { href: chrome.homeUrl, label: `Back to ${chrome.productName}` },
      }),
    );

  /** The interaction behind the cookie, or null after answering with the "expired" page. */
  const loadInteraction = async (req: Request, res: Response): Promise<Interaction | null> => {
    try {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid === req.params.uid) return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    expiredPage(res);
    return null;
  };

  /** Creates or extends the account's grant for the web client and the API. */
  const grantFor = async (interaction: Interaction, accountId: string): Promise<string> => {
    const clientId = text(interaction.params.client_id);
    if (clientId === deps.grant.device?.clientId) return deviceGrantFor(interaction, accountId, deps.grant.device);
    if (clientId !== deps.grant.clientId) throw new Error(`no automatic consent for client ${clientId}`);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    // A grant left by another account in this browser is never reused.
    const grant =
      existing && existing.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });
    const requested = text(interaction.params.scope).split(' ').filter((scope) => deps.grant.oidcScopes.has(scope));
    if (requested.length) grant.addOIDCScope(requested.join(' '));
    grant.addResourceScope(deps.grant.resource, [...requested, ...deps.grant.resourceScopes].join(' '));
    return grant.save();
  };

  /**
   * The device client's grant: the user approved its scopes on the confirmation page just before
   * signing in, so they are granted as asked (only the API's delegated scopes and openid).
   */
  const deviceGrantFor = async (interaction: Interaction, accountId: string, device: DeviceGrant): Promise<string> => {
    const grant = new provider.Grant({ accountId, clientId: device.clientId });
    const requested = text(interaction.params.scope).split(' ');
    // The provider lists the API's scopes among its own (so clients' `scope` metadata limits them):
    // they are granted both as OpenID scopes (consent) and for the API resource (the access token).
    const granted = requested.filter((scope) => scope === 'openid' || scope === 'offline_access' || device.scopes.has(scope));
    if (granted.length) grant.addOIDCScope(granted.join(' '));
    grant.addResourceScope(deps.grant.resource, granted.join(' '));
    return grant.save();
  };

  const finishSignIn = async (req: Request, res: Response, interaction: Interaction, account: IdentityAccount) => {
    const grantId = await grantFor(interaction, account.id);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id, amr: ['pwd'] }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  // Unexpected failures get a page in the product's style rather than the api's JSON error.
  const page =
    (handler: (req: Request<{ uid: string }>, res: Response) => Promise<void>): RequestHandler<{ uid: string }> =>
    async (req, res) => {
      try {
        await handler(req, res);
      } catch (error) {
        logger.error({ err: error }, 'sign-in page failed');
        if (res.headersSent) return;
        sendHtml(
          res,
          500,
          renderMessagePage({
            chrome,
            title: 'Something went wrong',
            message: `We could not complete the sign-in. Go back to ${chrome.productName} and try again.`,
            link: { href: chrome.homeUrl, label: `Back to ${chrome.productName}` },
          }),
        );
      }
    };

  router.get(
    '/interaction/:uid',
    page(async (req, res) => {
      const interaction = await loadInteraction(req, res);
      if (!interaction) return;
      if (interaction.prompt.name === 'login') return loginPage(res, 200, interaction.uid);
      if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
        // Signed in already; only the grant is missing (new scopes, or it was revoked).
        const grantId = await grantFor(interaction, interaction.session.accountId);
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      throw new Error(`unsupported interaction prompt ${interaction.prompt.name}`);
    }),
  );

  router.get(
    '/interaction/:uid/register',
    page(async (req, res) => {
      const interaction = await loadInteraction(req, res);
      if (!interaction) return;
      if (interaction.prompt.name !== 'login') return res.redirect(303, urls(interaction.uid).page);
      registerPage(res, 200, interaction.uid);
    }),
  );

  // A reload after a failed post lands here: show the form again.
  router.get('/interaction/:uid/login', (req, res) => res.redirect(303, urls(req.params.uid).page));

  router.post(
    '/interaction/:uid/login',
    form,
    page(async (req, res) => {
      const interaction = await loadInteraction(req, res);
      if (!interaction) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const login = text(body.login).trim();
      const password = text(body.password);
      if (!login || !password) return loginPage(res, 400, interaction.uid, { login, error: MISSING_CREDENTIALS });

      // Oversized input, or text with control characters or broken Unicode (which no stored login
      // holds, and PostgreSQL refuses), cannot be a valid pair; refusing it early keeps hashing cheap.
      const plausible = login.length <= 254 && password.length <= 128 && !textProblem(login) && !textProblem(password);
      const network = networkKey(req.ip ?? req.socket.remoteAddress);
      // The same steps whether or not the login names an account: one lookup, the throttle, one hash.
      const accountId = plausible ? await directory.lookup(login) : null;
      const attempt: SignInAttempt = { accountId, login, network, knownDevice: devices.deviceFor(req, accountId) };
      const decision = await throttle.admit(attempt);
      if (!decision.allowed) {
        logger.warn({ network, knownDevice: Boolean(attempt.knownDevice) }, 'sign-in refused: too many attempts');
        res.set('Retry-After', String(decision.retryAfterSeconds));
        return loginPage(res, 429, interaction.uid, {
          login,
          error: `Too many failed sign-in attempts. Try again in ${waitText(decision.retryAfterSeconds)}.`,
        });
      }

      let account: IdentityAccount | null;
      try {
        account = plausible ? await directory.authenticate(login, password) : null;
      } catch (error) {
        // Password hashing is saturated (its queue is full): come back in a moment.
        if (!(error instanceof DomainError && error.code === 'TOO_MANY_REQUESTS')) throw error;
        res.set('Retry-After', String(retryAfterOf(error)));
        return loginPage(res, 429, interaction.uid, { login, error: error.message });
      }
      if (!account) {
        await throttle.failed(attempt);
        logger.info({ network }, 'sign-in failed: invalid credentials');
        return loginPage(res, 401, interaction.uid, { login, error: INVALID_CREDENTIALS });
      }
      await throttle.succeeded(attempt);
      devices.remember(req, res, account.id);
      logger.info({ accountId: account.id }, 'signed in');
      await finishSignIn(req, res, interaction, account);
    }),
  );

  router.post(
    '/interaction/:uid/register',
    form,
    page(async (req, res) => {
      const interaction = await loadInteraction(req, res);
      if (!interaction) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const values = { email: text(body.email).trim(), username: text(body.username).trim() };
      const parsed = parseRegistrationForm(body);
      if (!parsed.ok) return registerPage(res, 400, interaction.uid, { values, fieldErrors: parsed.fieldErrors });

      const network = networkKey(req.ip ?? req.socket.remoteAddress);
      const decision = await registrationThrottle.admit({ network, email: parsed.value.email });
      if (!decision.allowed) {
        logger.warn({ network }, 'registration refused: too many attempts');
        res.set('Retry-After', String(decision.retryAfterSeconds));
        return registerPage(res, 429, interaction.uid, {
          values,
          error: `Too many registration attempts. Try again in ${waitText(decision.retryAfterSeconds)}.`,
        });
      }

      let account: IdentityAccount;
      try {
        account = await directory.register(parsed.value);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.code === 'CONFLICT') return registerPage(res, 409, interaction.uid, { values, error: ALREADY_REGISTERED });
        if (error.code === 'BAD_USER_INPUT') {
          const field = error.details?.field;
          if (typeof field === 'string' && REGISTER_FIELDS.includes(field)) {
            return registerPage(res, 400, interaction.uid, { values, fieldErrors: { [field]: error.message } });
          }
          return registerPage(res, 400, interaction.uid, { values, error: error.message });
        }
        if (error.code === 'TOO_MANY_REQUESTS') {
          res.set('Retry-After', String(retryAfterOf(error)));
          return registerPage(res, 429, interaction.uid, { values, error: error.message });
        }
        throw error;
      }
      devices.remember(req, res, account.id);
      logger.info({ accountId: account.id }, 'account registered and signed in');
      await finishSignIn(req, res, interaction, account);
    }),
  );

  // The link mailed at registration (and on request): confirms the address, which starts the
  // account's free tokens. The token is signed; the page never echoes it.
  router.get(
    '/confirm-email',
    page(async (req, res) => {
      const token = text(req.query.token);
      const result = token.length <= 200 ? await directory.confirmEmail(token) : 'invalid';
      const back = { href: chrome.homeUrl, label: `Back to ${chrome.productName}` };
      // The token stays out of the Referer of the link on.
      res.set('Referrer-Policy', 'no-referrer');
      const pages = {
        confirmed: [200, 'Email address confirmed', `Thank you. Your free tokens are ready in ${chrome.productName}.`],
        'already-confirmed': [200, 'Email address already confirmed', `Your address was confirmed before; nothing more to do.`],
        expired: [400, 'This confirmation link has expired', `Links work for 7 days. Sign in to ${chrome.productName} and ask for a new one.`],
        invalid: [400, 'This confirmation link does not work', `It may be incomplete, or your email address changed since it was sent. Sign in to ${chrome.productName} and ask for a new one.`],
      } as const;
      const [status, title, message] = pages[result];
      sendHtml(res, status, renderMessagePage({ chrome, title, message, link: back }));
    }),
  );

  return router;
}
