import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_PREFIX } from '../../src/platform/auth/access-token-port';
import { createLogger } from '../../src/platform/logging/logger';
import { redactUrl } from '../../src/platform/logging/redact-url';
import { requestLog } from '../../src/platform/logging/request-log';
import { LocalBlobStore } from '../../src/platform/storage/local-blob-store';
import { isLocalSessionId } from '../../src/modules/billing/payments/local-payments';
import { newLocalAccountId } from '../../src/modules/producers/payouts/local-payouts';
import { createDownloadLinks } from '../../src/modules/licences/licence-download-links';

/**
 * The request log never writes a credential, whatever way the client spelled it (issue 31): every
 * secret below is made by the code that makes it in the product, sent over HTTP, and looked for in
 * the line the log wrote.
 */
interface Line {
  req: { url: string };
}

let server: Server;
let origin: string;
const lines: Line[] = [];
const blobRoot = mkdtempSync(join(tmpdir(), 'redaction-blobs-'));

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger('info', 'api', capture)));
  app.use((_req, res) => void res.status(200).json({ ok: true }));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(blobRoot, { recursive: true, force: true });
});

/** Sends `path` as written (no normalisation by a URL parser) and returns the logged address. */
async function logged(path: string): Promise<string> {
  lines.length = 0;
  const response = await fetch(`${origin}${path}`);
  expect(response.status).toBe(200);
  for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(lines).toHaveLength(1);
  return lines[0].req.url;
}

const jwt = () =>
  new SignJWT({ scope: 'openid beats:write' })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(randomBytes(8).toString('hex'))
    .setExpirationTime('1h')
    .sign(randomBytes(32));

describe('request log redaction', () => {
  it('cuts a JWT sent as ?access%5Ftoken= (the name percent-encoded), and in any other spelling of the name', async () => {
    const token = await jwt();
    expect(await logged(`/graphql?access%5Ftoken=${token}&x=1`)).toBe('/graphql?access%5Ftoken=[redacted]&x=1');
    expect(await logged(`/graphql?Access-Token=opaque-${token.slice(-12)}`)).toBe('/graphql?Access-Token=[redacted]');
    // Doubly encoded (%255F is %5F once decoded): still the name access_token.
    expect(await logged('/graphql?access%255Ftoken=opaque-value-123')).toBe('/graphql?access%255Ftoken=[redacted]');
    expect(await logged('/graphql?refresh_token=r-123&id%5Ftoken=i-456')).toBe('/graphql?refresh_token=[redacted]&id%5Ftoken=[redacted]');
  });

  it('cuts a JWT by its shape under any name, percent-encoded or not, and in the path', async () => {
    const token = await jwt();
    const [header, ...rest] = token.split('.');
    const encoded = `${encodeURIComponent(header.slice(0, 3))}%${header.charCodeAt(3).toString(16)}${header.slice(4)}.${rest.join('.')}`;
    expect(await logged(`/oidc/session/end?id_token_hint=${token}&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A5173`)).toBe(
      '/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A5173',
    );
    expect(await logged(`/search?q=${encoded}&page=2`)).toBe('/search?q=[redacted]&page=2');
    expect(await logged(`/beats/${token}/stems`)).toBe('/beats/[redacted]/stems');
    expect(await logged(`/beats/${encoded}`)).toBe('/beats/[redacted]');
  });

  it('cuts local checkout and payout links (reached by their address alone)', async () => {
    // The shape local-payments.ts makes (a digest of the checkout's key), checked by its own test.
    const session = `local_cs_${randomBytes(24).toString('base64url')}`;
    expect(isLocalSessionId(session)).toBe(true);
    const account = newLocalAccountId();
    expect(await logged(`/local-checkout/${session}`)).toBe('/local-checkout/[redacted]');
    expect(await logged(`/local-licence-checkout/${session}/pay`)).toBe('/local-licence-checkout/[redacted]/pay');
    expect(await logged(`/local-payouts/${account}/onboarding`)).toBe('/local-payouts/[redacted]/onboarding');
    expect(await logged(`/local-payouts/${encodeURIComponent(account).replace('_', '%5F')}/dashboard`)).toBe('/local-payouts/[redacted]/dashboard');
    // The web app's success page is not the api's, but the id under any name is cut too.
    expect(await logged(`/get-session-details/${session}`)).toBe('/get-session-details/[redacted]');
  });

  it('cuts licence download tokens and signed media links', async () => {
    const links = createDownloadLinks(randomBytes(32).toString('hex'));
    const token = links.issue({ licenceId: randomBytes(8).toString('hex'), file: 'stems', userId: randomBytes(8).toString('hex'), expiresAt: Date.now() + 300_000 });
    expect(await logged(`/licence-downloads/${token}`)).toBe('/licence-downloads/[redacted]');

    const store = new LocalBlobStore({ root: blobRoot, publicBaseUrl: origin, signingSecret: randomBytes(32).toString('hex') });
    const media = new URL(await store.signedUrl('beats/one.mp3', { downloadName: 'One.mp3' }));
    const sig = media.searchParams.get('sig')!;
    const line = await logged(`${media.pathname}${media.search}`);
    expect(line).not.toContain(sig);
    expect(line).toMatch(/^\/media\/beats\/one\.mp3\?exp=\d+&dl=One\.mp3&sig=\[redacted\]$/);
  });

  it('cuts device user codes and personal access tokens', async () => {
    expect(await logged('/oidc/device?user_code=BDWP-HQPK')).toBe('/oidc/device?user_code=[redacted]');
    expect(await logged('/oidc/device?user%5Fcode=BDWP-HQPK')).toBe('/oidc/device?user%5Fcode=[redacted]');
    const pat = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    expect(await logged(`/beats?auth=${pat}`)).toBe('/beats?auth=[redacted]');
    expect(await logged(`/x/${pat}`)).toBe('/x/[redacted]');
  });

  it('keeps ordinary addresses as they were sent', async () => {
    const path = '/beats/3f2c9a4e-7b1d-4c8e-9f00-1a2b3c4d5e6f?sort=newest&page=2&q=trap%20beat&country_code=DE';
    expect(await logged(path)).toBe(path);
    expect(redactUrl('/media/beats/one.mp3')).toBe('/media/beats/one.mp3');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
