/** Requirements §L8: what a user is told when signing in or getting a token fails. */
export const LOGIN_FAILED = 'Login failed';
export const TOKEN_FAILED = 'Get access token failed';
export const INVALID_STATE = 'Invalid state';

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** The error and, for errors react-oidc-context normalised, the original one inside it. */
function layers(error: unknown): unknown[] {
  const inner = field(error, 'innerError');
  return inner === undefined ? [error] : [error, inner];
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = field(error, 'message');
  return typeof message === 'string' ? message : '';
}

/** The OAuth error code (`invalid_grant`, `login_required`, ...) of an oidc-client-ts ErrorResponse. */
function oauthCode(error: unknown): string | undefined {
  for (const layer of layers(error)) {
    const code = field(layer, 'error');
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const REFRESH_TOKEN_PROBLEM = /\b(missing|invalid|expired)\b.*\brefresh[ _-]?token\b|\brefresh[ _-]?token\b.*\b(missing|invalid|expired|not found)\b/i;

/**
 * Requirements §L4 "Session expiry": a refresh that failed because the refresh token is missing, invalid
 * or expired. An `invalid_grant` answer to a refresh-token grant means exactly that too, whatever
 * words the provider chose (Keycloak says "Token is not active").
 */
export function isRefreshTokenFailure(error: unknown): boolean {
  if (oauthCode(error) === 'invalid_grant') return true;
  return layers(error).some((layer) => REFRESH_TOKEN_PROBLEM.test(messageOf(layer)));
}

/** The provider needs the user to sign in again interactively. */
export function isLoginRequired(error: unknown): boolean {
  return oauthCode(error) === 'login_required' || layers(error).some((layer) => messageOf(layer).includes('login_required'));
}

/** The user-facing text for a failed sign-in: a state mismatch reads "Invalid state". */
export function describeSigninError(error: unknown): string {
  // oidc-client-ts: "No matching state found in storage"; a tampered response: "... state ...".
  const stateProblem = layers(error).some((layer) => /\bstate\b/i.test(messageOf(layer)));
  return stateProblem ? INVALID_STATE : LOGIN_FAILED;
}
