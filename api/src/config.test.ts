import { ConfigError, loadConfig } from './config';

/** A production environment that passes: Stripe, HTTPS, and secrets nobody could guess. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_API_URL: 'https://api.beats.test',
  WEB_ORIGIN: 'https://beats.test',
  DATABASE_URL: 'postgres://ysm:Vq7pR2xK9mT4wL8s@db.internal:5432/ysm',
  REDIS_URL: 'redis://redis.internal:6379',
  MEDIA_SIGNING_SECRET: '4f9c2a7e1b8d3f6a0c5e9b2d7a4f1c8e3b6d9a2f5c8e1b4d',
  STRIPE_SECRET_KEY: 'sk_live_51Nq8ZkLmP3vR7tY2wX9cB4dF6gH',
  STRIPE_WEBHOOK_SECRET: 'whsec_3kLm9PqR7sT2vW5xY8zA1bC4dE6f',
  STRIPE_PRICE_EARLY_ACCESS: 'price_a',
  STRIPE_PRICE_PREMIUM: 'price_b',
  STRIPE_PRICE_ENTERPRISE: 'price_c',
  TRUST_PROXY: '2',
  SUPPORT_EMAIL: 'help@beats.co',
};

const refusal = (env: Record<string, string | undefined>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('production refuses an unsafe configuration', () => {
  it('accepts a complete, safe one', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.payments.kind).toBe('stripe');
  });

  it.each([
    ['the old compose file placeholder', 'change-me-to-a-long-random-string-of-32-chars-or-more'],
    ['a placeholder of the right length', 'your-media-signing-secret-goes-here-please'],
    ['one character repeated', 'a'.repeat(48)],
  ])('MEDIA_SIGNING_SECRET: %s', (_name, value) => {
    expect(refusal({ ...production, MEDIA_SIGNING_SECRET: value })).toMatch(/MEDIA_SIGNING_SECRET is a placeholder/);
  });

  it('a short signing secret (the schema wants 32 characters everywhere)', () => {
    expect(refusal({ ...production, MEDIA_SIGNING_SECRET: 'k8Qz2' })).toMatch(/MEDIA_SIGNING_SECRET/);
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY'])('%s short or a placeholder', (name) => {
    expect(refusal({ ...production, [name]: 'sk_x9' })).toMatch(new RegExp(`${name} is shorter than 16 characters`));
    expect(refusal({ ...production, [name]: 'replace-me-with-the-real-value' })).toMatch(new RegExp(`${name} is a placeholder`));
  });

  it('passwords inside DATABASE_URL, REDIS_URL and SMTP_URL', () => {
    expect(refusal({ ...production, DATABASE_URL: 'postgres://ysm:ysm@db:5432/ysm' })).toMatch(/the password in DATABASE_URL is/);
    expect(refusal({ ...production, REDIS_URL: 'redis://:changeme@redis:6379' })).toMatch(/the password in REDIS_URL is a placeholder/);
    expect(refusal({ ...production, SMTP_URL: 'smtps://mailer:hunter2@smtp.beats.test' })).toMatch(/the password in SMTP_URL is shorter/);
    // No password at all (a private network, or peer authentication) is the operator's choice.
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db.internal/ysm' }).isProduction).toBe(true);
  });

  it('the local checkout, with or without Stripe', () => {
    expect(refusal({ ...production, LOCAL_CHECKOUT: '1' })).toMatch(/LOCAL_CHECKOUT: the local checkout takes no money/);
    const { STRIPE_SECRET_KEY: _key, ...withoutStripe } = production;
    expect(refusal({ ...withoutStripe, LOCAL_CHECKOUT: 'true' })).toMatch(/production refuses it/);
    expect(refusal(withoutStripe)).toMatch(/set STRIPE_SECRET_KEY/);
  });

  it.each(['PUBLIC_API_URL', 'WEB_ORIGIN'])('%s over plain HTTP, or left at its localhost default', (name) => {
    expect(refusal({ ...production, [name]: 'http://beats.test' })).toMatch(new RegExp(`${name} must be an https:// address`));
    expect(refusal({ ...production, [name]: undefined })).toMatch(new RegExp(`${name} must be an https:// address`));
  });

  it('TRUST_PROXY=true (every X-Forwarded-For entry trusted, the client-written one too)', () => {
    expect(refusal({ ...production, TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: TRUST_PROXY=true trusts every address in X-Forwarded-For.*set the number of proxies in front of the api/);
    expect(refusal({ ...production, TRUST_PROXY: 'yes' })).toMatch(/TRUST_PROXY=true trusts every address/);
  });

  it('SUPPORT_EMAIL unset, on a reserved domain or a placeholder (issue 30)', () => {
    expect(refusal({ ...production, SUPPORT_EMAIL: undefined })).toMatch(/SUPPORT_EMAIL: set SUPPORT_EMAIL to the address that answers customers/);
    for (const address of ['support@ysm.example', 'help@example.com', 'help@mail.example.org', 'support@beats.test', 'support@ysm.localhost', 'someone@host.invalid', 'your-support@beats.co', 'changeme@beats.co']) {
      expect(refusal({ ...production, SUPPORT_EMAIL: address })).toMatch(new RegExp(`SUPPORT_EMAIL ${address.replace(/[.]/g, '\\.')} is a placeholder`));
    }
    expect(refusal({ ...production, SUPPORT_EMAIL: 'Support <help@beats.co>' })).toMatch(/SUPPORT_EMAIL must be one email address/);
    expect(loadConfig({ ...production, SUPPORT_EMAIL: ' Help@Beats.CO ' }).support.email).toBe('help@beats.co');
  });

  it('names every problem at once', () => {
    const message = refusal({ ...production, PUBLIC_API_URL: 'http://x.test', LOCAL_CHECKOUT: '1', MEDIA_SIGNING_SECRET: 'change-me-change-me-change-me-change-me' });
    expect(message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(3);
  });

  it('development keeps its conveniences', () => {
    const config = loadConfig({ NODE_ENV: 'development', LOCAL_CHECKOUT: '1', MEDIA_SIGNING_SECRET: 'change-me-to-a-long-random-string-of-32-chars-or-more' });
    expect(config.payments).toEqual({ kind: 'local', allowedInProduction: true });
    expect(config.publicApiUrl).toBe('http://localhost:4000');
    // Outside production the support address defaults to a reserved domain that no mail leaves for.
    expect(config.support).toEqual({ email: 'support@ysm.localhost', messagesPerHour: 5, messagesPerHourPerNetwork: 20 });
  });
});

describe('memory caches', () => {
  it('default to 256, 512 and 64 MiB', () => {
    expect(loadConfig({}).caches).toEqual({ sampleBytes: 256 * 2 ** 20, warpBytes: 512 * 2 ** 20, mp3ChunkBytes: 64 * 2 ** 20 });
  });

  it('take their sizes from the environment in MiB', () => {
    expect(loadConfig({ SAMPLE_CACHE_MB: '128', WARP_CACHE_MB: '1024', MP3_CHUNK_CACHE_MB: '16' }).caches).toEqual({
      sampleBytes: 128 * 2 ** 20, warpBytes: 1024 * 2 ** 20, mp3ChunkBytes: 16 * 2 ** 20,
    });
  });

  it.each([['SAMPLE_CACHE_MB', '0'], ['WARP_CACHE_MB', 'lots'], ['MP3_CHUNK_CACHE_MB', '1.5'], ['WARP_CACHE_MB', '-512']])('refuses %s=%s', (name, value) => {
    expect(refusal({ [name]: value })).toMatch(new RegExp(name));
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined, env: Record<string, string> = production) => loadConfig({ ...env, TRUST_PROXY: value }).trustProxy;

  it('is a hop count, a list of addresses and ranges, or nothing', () => {
    expect(trust('2')).toBe(2);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 172.16.0.0/12,fd00::/8, 192.0.2.10,loopback')).toEqual(['10.0.0.0/8', '172.16.0.0/12', 'fd00::/8', '192.0.2.10', 'loopback']);
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('true stands for one hop outside production', () => {
    expect(trust('true', { NODE_ENV: 'development' })).toBe(1);
  });

  it.each(['11', 'maybe', '10.0.0.0/33', '300.1.1.1', 'fd00::/129', '10.0.0.0/8,,nonsense'])('refuses %s', (value) => {
    expect(refusal({ NODE_ENV: 'development', TRUST_PROXY: value })).toMatch(/TRUST_PROXY must be false, a number of proxies \(1-10\), or a comma-separated list/);
  });
});
