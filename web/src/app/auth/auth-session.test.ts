import { FakeBackend } from '../../test/fake-backend';
import { OIDC_USER_KEY, storeLogin } from '../../test/oidc-user';
import { TEST_CLIENT_CONFIG } from '../../test/test-config';
import { createAuthSession, SESSION_EXPIRY_REDIRECT_MS } from './auth-session';
import { POST_LOGIN_REFRESH_FLAG, USER_DATA_SENT_FLAG } from './auth-storage';
import { createUserManager } from './create-user-manager';

function setup(backend = new FakeBackend()) {
  vi.stubGlobal('fetch', backend.fetch);
  const userManager = createUserManager(TEST_CLIENT_CONFIG, 'http://localhost:3000');
  const onExpired = vi.fn();
  const onError = vi.fn();
  const session = createAuthSession({ userManager, onExpired, onError });
  return { backend, userManager, session, onExpired, onError };
}

function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').sort();
}

/** What a browser holds after a while on the site: session data mixed with unrelated entries. */
function fillStorage() {
  localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
  localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
  localStorage.setItem('@@auth0spajs@@::ysm-web::https://api.ysm::openid', '{}');
  localStorage.setItem('id_token', 'old-id-token');
  localStorage.setItem('currentUser', '{"name":"demo"}');
  localStorage.setItem('ysm:volume', '0.8');
  localStorage.setItem('theme', 'dark');
  sessionStorage.setItem('user', '{}');
  sessionStorage.setItem('auth0.is.authenticated', 'true');
  sessionStorage.setItem('draft-prompt', 'trap type beat');
}

const INVALID_REFRESH = { status: 400, statusText: 'Bad Request', body: { error: 'invalid_grant', error_description: 'Invalid refresh token.' } };

describe('getAccessToken', () => {
  it('answers null when nobody is signed in', async () => {
    const { session, backend } = setup();
    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(backend.requests).toHaveLength(0);
  });

  it('answers the stored access token while it is valid, without a request', async () => {
    storeLogin();
    const { session, backend } = setup();
    await expect(session.getAccessToken()).resolves.toBe('access-1');
    expect(backend.requests).toHaveLength(0);
  });

  it('renews an expired access token with the refresh token, once for concurrent callers', async () => {
    storeLogin({ expiresIn: -30 });
    const { session, backend, userManager } = setup();

    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken(), session.getAccessToken()]);

    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    const grants = backend.requestsTo('/oidc/token', 'POST');
    expect(grants).toHaveLength(1);
    const form = new URLSearchParams(String(grants[0].body));
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-1');
    expect(form.get('client_id')).toBe('ysm-web');
    expect((await userManager.getUser())?.access_token).toBe('access-2');
  });
});

describe('session expiry (spec 1 §4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears exactly the session entries on an invalid refresh token, then goes to the welcome page after 100 ms, once', async () => {
    fillStorage();
    storeLogin({ expiresIn: -30 });
    const backend = new FakeBackend();
    backend.refreshReply = INVALID_REFRESH;
    const { session, onExpired, onError } = setup(backend);
    vi.useFakeTimers();

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');

    expect(keys(localStorage)).toEqual(['theme', 'ysm:volume']);
    expect(keys(sessionStorage)).toEqual(['draft-prompt']);
    expect(localStorage.getItem(OIDC_USER_KEY)).toBeNull();
    expect(onError).not.toHaveBeenCalled();

    vi.advanceTimersByTime(SESSION_EXPIRY_REDIRECT_MS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledTimes(1);

    // More failures (other requests, the automatic renewal) do not fire it again.
    session.handleRenewalError(new Error('Missing Refresh Token (audience: ysm)'));
    session.handleRenewalError(INVALID_REFRESH.body);
    vi.advanceTimersByTime(1000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    await expect(session.getAccessToken()).resolves.toBeNull();
  });

  it.each([
    'Missing Refresh Token (audience: https://api.ysm, scope: openid profile email offline_access)',
    'Unknown or invalid refresh token.',
    'The refresh token has expired',
    'Invalid refresh token.',
  ])('applies to "%s"', (message) => {
    fillStorage();
    const { session, onExpired } = setup();
    vi.useFakeTimers();
    session.handleRenewalError(new Error(message));
    expect(keys(localStorage)).toEqual(['theme', 'ysm:volume']);
    vi.advanceTimersByTime(SESSION_EXPIRY_REDIRECT_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('treats an expired login without a refresh token as a missing refresh token', async () => {
    storeLogin({ expiresIn: -30, refreshToken: null });
    const { session, backend, onExpired } = setup();
    vi.useFakeTimers();
    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');
    expect(backend.requestsTo('/oidc/token')).toHaveLength(0);
    expect(localStorage.getItem(OIDC_USER_KEY)).toBeNull();
    vi.advanceTimersByTime(SESSION_EXPIRY_REDIRECT_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not apply to other failures: those are recorded as "Get access token failed" and the login stays', async () => {
    storeLogin({ expiresIn: -30 });
    const backend = new FakeBackend();
    backend.refreshReply = { status: 503, statusText: 'Service Unavailable', body: { error: 'temporarily_unavailable' } };
    const { session, onExpired, onError } = setup(backend);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');

    expect(onError).toHaveBeenCalledWith('Get access token failed', expect.anything());
    expect(localStorage.getItem(OIDC_USER_KEY)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRY_REDIRECT_MS + 20));
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('login_required', () => {
  it('signs out silently: the user and the flags go, nothing navigates', async () => {
    storeLogin();
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    localStorage.setItem('theme', 'dark');
    const { session, onExpired, onError } = setup();

    session.handleRenewalError({ error: 'login_required', message: 'Login required' });

    await vi.waitFor(() => expect(localStorage.getItem(OIDC_USER_KEY)).toBeNull());
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRY_REDIRECT_MS + 20));
    expect(onExpired).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
