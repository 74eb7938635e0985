import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Pool } from 'pg';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWK } from 'jose';
import { conflict } from '../../errors';
import type { AccountDirectory, IdentityAccount, RegistrationInput } from '../identity-port';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import { CookieJar, authorizeThroughProvider, renewSilently, signInThroughProvider } from '../../../../test/support/oidc-login';
import { createIdentityProvider, type IdentityProvider } from './identity-provider';
import { OIDC_SCHEMA_UP } from './oidc-schema';
import { sqlRunnerFromPg, sqlRunnerFromQuestionMarkExecutor } from './sql-runner';

/**
 * Two api instances behind a round-robin load balancer, on one database: every step of a sign-in
 * may land on either, so they must share keys, cookies' keys, sessions, interactions and grants.
 * Instance A reaches PostgreSQL through a pg Pool, instance B through MikroORM as the app does.
 */

/** The accounts port in memory, shared by both instances as the real one shares the database. */
class InMemoryDirectory implements AccountDirectory {
  private readonly accounts = new Map<string, IdentityAccount & { password: string }>();

  async findById(id: string) {
    const account = this.accounts.get(id);
    return account ? { id: account.id, email: account.email, username: account.username } : null;
  }

  async lookup(login: string) {
    const key = login.toLowerCase();
    return [...this.accounts.values()].find((a) => a.email === key || a.username.toLowerCase() === key)?.id ?? null;
  }

  async authenticate(login: string, password: string) {
    const key = login.toLowerCase();
    const account = [...this.accounts.values()].find((a) => a.email === key || a.username.toLowerCase() === key);
    return account && account.password === password ? this.findById(account.id) : null;
  }

  async confirmEmail() {
    return 'invalid' as const;
  }

  async register(input: RegistrationInput) {
    if ([...this.accounts.values()].some((a) => a.email === input.email.toLowerCase() || a.username === input.username)) {
      throw conflict('That email or username is already registered.');
    }
    const account = { id: randomUUID(), email: input.email.toLowerCase(), username: input.username, password: input.password };
    this.accounts.set(account.id, account);
    return (await this.findById(account.id))!;
  }
}

const WEB = 'http://localhost:5173';
const AUDIENCE = 'http://localhost:4000';

let database: TestDatabase;
let pool: Pool;
let orm: MikroORM;
const servers: Server[] = [];
const instances: IdentityProvider[] = [];
const hits = [0, 0];
let issuer: string;
const directory = new InMemoryDirectory();

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 4 });
  for (const statement of OIDC_SCHEMA_UP) await pool.query(statement);
  orm = await MikroORM.init(
    defineConfig({ clientUrl: database.url, entities: [], discovery: { warnWhenNoEntities: false }, forceUtcTimezone: true }),
  );

  const apps = [express(), express()];
  const ports = await Promise.all(
    apps.map((app, index) => {
      app.use((_req, _res, next) => {
        hits[index] += 1;
        next();
      });
      return listen(app);
    }),
  );
  // The load balancer: strict alternation, Host header passed through as a real proxy would.
  let turn = 0;
  const balancerPort = await listen((req, res) => {
    const port = ports[turn++ % ports.length];
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  issuer = `http://127.0.0.1:${balancerPort}/oidc`;

  const common = { issuer, audience: AUDIENCE, webOrigin: WEB, directory };
  // Both start at once on an empty key table.
  instances.push(
    ...(await Promise.all([
      createIdentityProvider({ ...common, sql: sqlRunnerFromPg(pool) }),
      createIdentityProvider({
        ...common,
        sql: sqlRunnerFromQuestionMarkExecutor((sql, params) => orm.em.fork().getConnection().execute(sql, params)),
      }),
    ])),
  );
  apps.forEach((app, index) => app.use('/oidc', instances[index].router));
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await orm?.close(true);
  await pool?.end();
  await database?.drop();
});

const fresh = () => {
  const username = `lb_${randomBytes(3).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: `pw-${randomBytes(6).toString('hex')}` };
};

it('both instances publish the same signing key, created once', async () => {
  const direct = async (port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/oidc/jwks`);
    return ((await response.json()) as { keys: JWK[] }).keys;
  };
  const ports = servers.slice(0, 2).map((server) => (server.address() as AddressInfo).port);
  const [a, b] = await Promise.all(ports.map(direct));
  expect(a).toHaveLength(1);
  expect(b).toEqual(a);
  const { rows } = await pool.query("SELECT value FROM oidc_keys WHERE name = 'signing-jwks'");
  expect(rows).toHaveLength(1);
  expect(rows[0].value.keys[0].kid).toBe(a[0].kid);
});

it('signs in, renews silently and signs out with every request alternating between the instances', async () => {
  const user = fresh();
  const before = [...hits];
  const jar = new CookieJar();
  const tokens = await signInThroughProvider({
    issuer,
    clientId: 'ysm-web',
    redirectUri: WEB,
    login: user.email,
    password: user.password,
    register: { email: user.email, username: user.username },
    jar,
  });
  expect(hits[0] - before[0]).toBeGreaterThanOrEqual(3);
  expect(hits[1] - before[1]).toBeGreaterThanOrEqual(3);

  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const { payload } = await jwtVerify(tokens.accessToken, jwks, { issuer, audience: AUDIENCE, algorithms: ['RS256'] });
  expect(payload.email).toBe(user.email);

  // The session made on one instance is honoured by the other: no password the second time.
  const again = await authorizeThroughProvider({ issuer, clientId: 'ysm-web', redirectUri: WEB, jar });
  expect(again.promptedForLogin).toBe(false);

  // The web app's renewal (prompt=none with the session cookie), on either instance.
  for (let round = 0; round < 3; round += 1) {
    const next = await renewSilently({ issuer, clientId: 'ysm-web', redirectUri: WEB, jar });
    expect(decodeJwt(next.accessToken)).toMatchObject({ sub: payload.sub, gid: payload.gid });
  }

  // Signing out on one instance ends the session everywhere.
  await instances[1].endSessionsFor(payload.sub!);
  await expect(renewSilently({ issuer, clientId: 'ysm-web', redirectUri: WEB, jar })).rejects.toMatchObject({ error: 'login_required' });
  await expect(renewSilently({ issuer, clientId: 'ysm-web', redirectUri: WEB, jar })).rejects.toMatchObject({ error: 'login_required' });
  const afterLogout = await authorizeThroughProvider({ issuer, clientId: 'ysm-web', redirectUri: WEB, jar });
  expect(afterLogout.promptedForLogin).toBe(true);
});

it('a later instance reuses the stored keys', async () => {
  const later = await createIdentityProvider({ issuer, audience: AUDIENCE, webOrigin: WEB, directory, sql: sqlRunnerFromPg(pool) });
  try {
    const app = express().use('/oidc', later.router);
    const port = await listen(app);
    const keys = ((await (await fetch(`http://127.0.0.1:${port}/oidc/jwks`)).json()) as { keys: JWK[] }).keys;
    const { rows } = await pool.query("SELECT value FROM oidc_keys WHERE name = 'signing-jwks'");
    expect(keys.map((key) => key.kid)).toEqual([rows[0].value.keys[0].kid]);
  } finally {
    await later.close();
  }
});
