import { FakeBackend } from '../../test/fake-backend';
import { OIDC_USER_KEY, storeLogin, testIdToken } from '../../test/oidc-user';
import { answerRenewalFrames } from '../../test/provider-frame';
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

  it('renews an expired access token in a hidden prompt=none frame, once for concurrent callers', async () => {
    storeLogin({ expiresIn: -30 });
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    const { session, backend, userManager } = setup();

    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken(), session.getAccessToken()]);

    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(frames.requests).toHaveLength(1);
    const [request] = frames.requests;
    expect(`${request.origin}${request.pathname}`).toBe('http://api.test/oidc/auth');
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      prompt: 'none',
      client_id: 'ysm-web',
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: 'http://localhost:3000/silent-renew.html',
      code_challenge_method: 'S256',
    });
    const grants = backend.requestsTo('/oidc/token', 'POST');
    expect(grants).toHaveLength(1);
    const form = new URLSearchParams(String(grants[0].body));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('code-2');
    expect(form.get('redirect_uri')).toBe('http://localhost:3000/silent-renew.html');
    expect(form.get('code_verifier')).toEqual(expect.any(String));
    const renewed = await userManager.getUser();
    expect(renewed?.access_token).toBe('access-2');
    expect(renewed?.refresh_token).toBeUndefined();
    expect(renewed?.profile.sub).toBe('user-1');
  });

  it('signs out silently when the provider session now belongs to another account (login_required)', async () => {
    storeLogin({ expiresIn: -30 });
    answerRenewalFrames(() => ({ code: 'code-2' }));
    const backend = new FakeBackend();
    backend.codeReply = { status: 200, body: { access_token: 'access-x', token_type: 'Bearer', expires_in: 3600, id_token: testIdToken({ sub: 'someone-else' }) } };
    const { session, onError, onExpired, userManager } = setup(backend);

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');
    await vi.waitFor(async () => expect(await userManager.getUser()).toBeNull());
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('uses the refresh token where an external provider gave one', async () => {
    storeLogin({ expiresIn: -30, refreshToken: 'refresh-1' });
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    const { session, backend } = setup();

    await expect(session.getAccessToken()).resolves.toBe('access-2');

    expect(frames.requests).toHaveLength(0);
    const form = new URLSearchParams(String(backend.requestsTo('/oidc/token', 'POST')[0].body));
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-1');
    expect(form.get('client_id')).toBe('ysm-web');
  });
});

describe('session expiry (requirements §L4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears exactly the session entries on an invalid refresh token, then goes to the welcome page after 100 ms, once', async () => {
    fillStorage();
    storeLogin({ expiresIn: -30, refreshToken: 'refresh-1' });
    const backend = new FakeBackend();
    backend.refreshReply = INVALID_REFRESH;
    const { session, onExpired, onError } = setup(backend);
    vi.useFakeTimers();

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');

    expect(keys(localStorage)).toEqual(['theme', 'ysm:volume']);
    expect(keys(sessionStorage)).toEqual(['draft-prompt']);
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
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

  it('applies to a renewal code the provider refuses (invalid_grant)', async () => {
    storeLogin({ expiresIn: -30 });
    answerRenewalFrames(() => ({ code: 'code-2' }));
    const backend = new FakeBackend();
    backend.codeReply = { status: 400, statusText: 'Bad Request', body: { error: 'invalid_grant', error_description: 'grant request is invalid' } };
    const { session, onExpired } = setup(backend);

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
    await vi.waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
  });

  it('does not apply to other failures: those are recorded as "Get access token failed" and the login stays', async () => {
    storeLogin({ expiresIn: -30 });
    answerRenewalFrames(() => ({ code: 'code-2' }));
    const backend = new FakeBackend();
    backend.codeReply = { status: 503, statusText: 'Service Unavailable', body: { error: 'temporarily_unavailable' } };
    const { session, onExpired, onError } = setup(backend);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');

    expect(onError).toHaveBeenCalledWith('Get access token failed', expect.anything());
    expect(sessionStorage.getItem(OIDC_USER_KEY)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRY_REDIRECT_MS + 20));
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('login_required', () => {
  it('signs out silently when the renewal frame answers login_required (the provider session ended)', async () => {
    storeLogin({ expiresIn: -30 });
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    const frames = answerRenewalFrames(() => ({ error: 'login_required', error_description: 'End-User authentication is required' }));
    const { session, backend, onExpired, onError, userManager } = setup();

    await expect(session.getAccessToken()).rejects.toThrow('Get access token failed');

    expect(frames.requests).toHaveLength(1);
    expect(backend.requestsTo('/oidc/token')).toHaveLength(0);
    await vi.waitFor(() => expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull());
    expect(await userManager.getUser()).toBeNull();
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRY_REDIRECT_MS + 20));
    expect(onExpired).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('signs out silently: the user and the flags go, nothing navigates', async () => {
    storeLogin();
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    localStorage.setItem('theme', 'dark');
    const { session, onExpired, onError } = setup();

    session.handleRenewalError({ error: 'login_required', message: 'Login required' });

    await vi.waitFor(() => expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull());
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRY_REDIRECT_MS + 20));
    expect(onExpired).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
