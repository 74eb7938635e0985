/**
 * Who takes the money: Stripe (checkout pages, Connect Express dashboards), or this instance's own
 * local checkout and local payout accounts (no card, no money moves).
 */
export type PaymentsMode = 'stripe' | 'local';

/** What GET /client-config answers: everything the web app needs to sign in and reach GraphQL. */
export interface ClientConfig {
  readonly productName: string;
  /** The one support address the pages show (the api's SUPPORT_EMAIL). */
  readonly supportEmail: string;
  readonly graphqlUrl: string;
  readonly graphqlWsUrl: string;
  readonly oidc: {
    readonly authority: string;
    readonly clientId: string;
    readonly scope: string;
    /** Set only for external providers such as Auth0, which need it on the authorize request. */
    readonly audience: string | null;
  };
  readonly payments: PaymentsMode;
}

/** The client configuration plus the api origin the build was given. */
export interface RuntimeConfig extends ClientConfig {
  readonly apiUrl: string;
}

export class ClientConfigError extends Error {
  override name = 'ClientConfigError';
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ClientConfigError(`client-config: ${path} must be an object`);
  }
  return value as Record<string, unknown>;
}

function text(source: Record<string, unknown>, key: string, path: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ClientConfigError(`client-config: ${path}${key} must be a non-empty string`);
  }
  return value;
}

/** Checks the shape of GET /client-config's answer, naming the first field that is wrong. */
export function parseClientConfig(value: unknown): ClientConfig {
  const root = record(value, 'the answer');
  const oidc = record(root.oidc, 'oidc');
  const audience = oidc.audience ?? null;
  if (audience !== null && (typeof audience !== 'string' || audience === '')) {
    throw new ClientConfigError('client-config: oidc.audience must be a non-empty string or null');
  }
  const payments = root.payments;
  if (payments !== 'stripe' && payments !== 'local') throw new ClientConfigError('client-config: payments must be "stripe" or "local"');
  return {
    payments,
    productName: text(root, 'productName', ''),
    supportEmail: text(root, 'supportEmail', ''),
    graphqlUrl: text(root, 'graphqlUrl', ''),
    graphqlWsUrl: text(root, 'graphqlWsUrl', ''),
    oidc: {
      authority: text(oidc, 'authority', 'oidc.'),
      clientId: text(oidc, 'clientId', 'oidc.'),
      scope: text(oidc, 'scope', 'oidc.'),
      audience,
    },
  };
}

/** GET `${apiUrl}/client-config`: public, so no token and no cookies. */
export async function fetchClientConfig(apiUrl: string, signal?: AbortSignal): Promise<RuntimeConfig> {
  const response = await fetch(`${apiUrl}/client-config`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /client-config answered ${response.status} ${response.statusText}`);
  return { ...parseClientConfig(await response.json()), apiUrl };
}
