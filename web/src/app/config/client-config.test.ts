import { TEST_CLIENT_CONFIG } from '../../test/test-config';
import { ClientConfigError, fetchClientConfig, parseClientConfig } from './client-config';

describe('client configuration', () => {
  it('accepts the documented shape, with or without an audience', () => {
    expect(parseClientConfig(TEST_CLIENT_CONFIG)).toEqual(TEST_CLIENT_CONFIG);
    const auth0 = { ...TEST_CLIENT_CONFIG, oidc: { ...TEST_CLIENT_CONFIG.oidc, audience: 'https://api.ysm' } };
    expect(parseClientConfig(auth0).oidc.audience).toBe('https://api.ysm');
  });

  it.each([
    [{ ...TEST_CLIENT_CONFIG, graphqlUrl: '' }, 'graphqlUrl'],
    [{ ...TEST_CLIENT_CONFIG, supportEmail: undefined }, 'supportEmail'],
    [{ ...TEST_CLIENT_CONFIG, oidc: { ...TEST_CLIENT_CONFIG.oidc, clientId: 7 } }, 'oidc.clientId'],
    [{ ...TEST_CLIENT_CONFIG, oidc: { ...TEST_CLIENT_CONFIG.oidc, audience: '' } }, 'oidc.audience'],
    [{ productName: 'YSM' }, 'oidc'],
    [{ ...TEST_CLIENT_CONFIG, payments: 'paypal' }, 'payments'],
    [{ ...TEST_CLIENT_CONFIG, payments: undefined }, 'payments'],
    ['<html>', 'the answer'],
  ])('names the field that is wrong (%#: %s)', (value, field) => {
    expect(() => parseClientConfig(value)).toThrow(ClientConfigError);
    expect(() => parseClientConfig(value)).toThrow(field);
  });

  it('is read from GET <api>/client-config', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(TEST_CLIENT_CONFIG)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchClientConfig('http://api.test')).resolves.toEqual({ ...TEST_CLIENT_CONFIG, apiUrl: 'http://api.test' });
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/client-config', expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });
});
