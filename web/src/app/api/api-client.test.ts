import { ApiError, createApiClient } from './api-client';

interface Captured {
  url: string;
  init: RequestInit;
}

function client(reply: Response, token: string | null = 'token-1') {
  const captured: Captured[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    captured.push({ url, init });
    return reply;
  });
  return { api: createApiClient({ baseUrl: 'http://api.test', getAccessToken: async () => token }), captured };
}

describe('api client (requirements §L7)', () => {
  it('calls the api host with the bearer token, cookies and a JSON content type, and answers the JSON', async () => {
    const { api, captured } = client(new Response(JSON.stringify({ hasStripeAccount: true }), { status: 200 }));

    await expect(api.request('/check-stripe-account')).resolves.toEqual({ hasStripeAccount: true });

    const [{ url, init }] = captured as [Captured];
    expect(url).toBe('http://api.test/check-stripe-account');
    expect(init.credentials).toBe('include');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('keeps a content type the caller chose, and lets the browser set it for FormData', async () => {
    const first = client(new Response('{}'));
    await first.api.request('/x', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(new Headers(first.captured[0].init.headers).get('content-type')).toBe('text/plain');

    const second = client(new Response('{}'));
    await second.api.request('/account/profile', { method: 'POST', body: new FormData() });
    expect(new Headers(second.captured[0].init.headers).has('content-type')).toBe(false);
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, captured } = client(new Response('{}'), null);
    await api.request('/client-thing');
    expect(new Headers(captured[0].init.headers).has('authorization')).toBe(false);
  });

  it('answers undefined for an empty body', async () => {
    const { api } = client(new Response(null, { status: 204 }));
    await expect(api.request('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('raises a non-ok answer with its status and "Network response was not ok: " + status text, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = client(new Response(JSON.stringify({ error: 'No payout account.' }), { status: 404, statusText: 'Not Found' }));

    const error = await api.request('/express-dashboard', { method: 'POST' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Network response was not ok: Not Found');
    expect((error as ApiError).serverMessage).toBe('No payout account.');
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
