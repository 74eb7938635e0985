import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { Pool } from 'pg';
import { loadConfig } from '../../src/config';
import type { AccountDirectory, EmailConfirmationResult, IdentityAccount, RegistrationInput } from '../../src/platform/auth/identity-port';
import { createIdentityProvider, type IdentityProvider } from '../../src/platform/auth/oidc/identity-provider';
import { OIDC_SCHEMA_UP } from '../../src/platform/auth/oidc/oidc-schema';
import { sqlRunnerFromPg } from '../../src/platform/auth/oidc/sql-runner';
import { createLogger } from '../../src/platform/logging/logger';
import { requestLog } from '../../src/platform/logging/request-log';
import { ProviderFormError, signInThroughProvider } from '../support/oidc-login';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Behind the production template, nginx appends the address it saw to X-Forwarded-For, after
 * whatever the client sent (issue 31). With TRUST_PROXY as a hop count, the api takes the address
 * the trusted hop wrote, never the client's own entries: here the test's socket is that hop, and
 * each request carries the header nginx would pass on (`<what the client wrote>, <its real address>`).
 * The per-address limit under test is the sign-in form's (failures per client address).
 */

/** The accounts port in memory: one account, checked as the accounts module would. */
class OneAccount implements AccountDirectory {
  readonly account = { id: randomUUID(), email: `owner_${randomBytes(3).toString('hex')}@example.com`, username: 'owner', password: `pw-${randomBytes(6).toString('hex')}` };
  async findById(id: string): Promise<IdentityAccount | null> {
    return id === this.account.id ? this.identity() : null;
  }
  async lookup(login: string): Promise<string | null> {
    return [this.account.email, this.account.username].includes(login.toLowerCase()) ? this.account.id : null;
  }
  async authenticate(login: string, password: string): Promise<IdentityAccount | null> {
    return login.toLowerCase() === this.account.email && password === this.account.password ? this.identity() : null;
  }
  async register(_input: RegistrationInput): Promise<IdentityAccount> {
    throw new Error('not used');
  }
  async confirmEmail(): Promise<EmailConfirmationResult> {
    throw new Error('not used');
  }
  private identity(): IdentityAccount {
    return { id: this.account.id, email: this.account.email, username: this.account.username };
  }
}

const WEB = 'http://localhost:5173';
const FAILURES_PER_ADDRESS = 3;
const directory = new OneAccount();
const logLines: { req?: { url: string; remoteAddress: string } }[] = [];
let database: TestDatabase;
let pool: Pool;
let server: Server;
let issuer: string;
let identity: IdentityProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 5 });
  for (const statement of OIDC_SCHEMA_UP) await pool.query(statement);
  const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' });
  const app = express();
  app.set('trust proxy', config.trustProxy);
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(text));
      done();
    },
  });
  app.use(requestLog(createLogger('info', 'api', capture)));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
  identity = await createIdentityProvider({
    issuer,
    audience: 'http://localhost:4000',
    webOrigin: WEB,
    directory,
    sql: sqlRunnerFromPg(pool),
    loginThrottle: { accountFreeAttempts: 1000, networkFreeFailures: FAILURES_PER_ADDRESS },
  });
  app.use('/oidc', identity.router);
});

afterAll(async () => {
  await identity?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await pool?.end();
  await database?.drop();
});

/** One sign-in through the real form, as nginx would forward it: the status the form answered. */
async function signIn(forwardedFor: string, login: string, password: string): Promise<number> {
  try {
    await signInThroughProvider({ issuer, clientId: 'ysm-web', redirectUri: WEB, login, password, headers: { 'x-forwarded-for': forwardedFor } });
    return 200;
  } catch (error) {
    if (error instanceof ProviderFormError) return error.status;
    throw error;
  }
}

const stranger = () => `nobody_${randomBytes(4).toString('hex')}@example.com`;

describe('TRUST_PROXY as a hop count, with a forged X-Forwarded-For', () => {
  it('the per-address limit cannot be dodged by writing another address in front', async () => {
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 1; i <= FAILURES_PER_ADDRESS + 2; i++) {
      statuses.push(await signIn(`198.51.100.${i}, ${attacker}`, stranger(), 'wrong-password'));
    }
    expect(statuses).toEqual([...Array<number>(FAILURES_PER_ADDRESS).fill(401), 429, 429]);
  });

  it('a forged address cannot get another address locked out', async () => {
    const victim = '192.0.2.55';
    const attacker = '203.0.113.8';
    for (let i = 0; i < FAILURES_PER_ADDRESS + 1; i++) await signIn(`${victim}, ${attacker}`, stranger(), 'wrong-password');
    // The attacker's own address is locked; the victim, through the same proxy, signs in.
    expect(await signIn(`${victim}, ${attacker}`, directory.account.email, directory.account.password)).toBe(429);
    expect(await signIn(victim, directory.account.email, directory.account.password)).toBe(200);
  });

  it('the request log and the identity provider record the address the proxy saw', async () => {
    logLines.length = 0;
    const response = await fetch(`${issuer}/device/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.8.7, 203.0.113.9' },
      body: new URLSearchParams({ client_id: 'ysm-cli', scope: 'openid' }),
    });
    expect(response.status).toBe(200);
    const { device_code: deviceCode } = (await response.json()) as { device_code: string };
    for (let i = 0; i < 200 && !logLines.some((l) => l.req?.url === '/oidc/device/auth'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(logLines.find((l) => l.req?.url === '/oidc/device/auth')?.req?.remoteAddress).toBe('203.0.113.9');
    // oidc-provider keeps the client's address with the device code (shown to nobody, but kept).
    const { rows } = await pool.query<{ payload: { deviceInfo?: { ip?: string } } }>(
      "SELECT payload FROM oidc_payloads WHERE model = 'DeviceCode' AND id = $1",
      [deviceCode],
    );
    expect(rows[0]?.payload.deviceInfo?.ip).toBe('203.0.113.9');
  });
});
