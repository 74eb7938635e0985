// The web app's production headers against a real nginx (issues 30 and 31): builds the web app as the
// Docker image does (VITE_API_URL=https://<api host>), renders the nginx templates the Dockerfile
// copies with envsubst as the nginx image does (only the variables docker-compose.yml's
// NGINX_ENVSUBST_FILTER names, and only those defined), starts nginx as an unprivileged-safe process
// with every path in a temporary directory, and checks the security headers on every kind of answer,
// that source maps answer 404, that the built index.html and silent-renew.html have no inline script, and that Chromium
// loads the landing page under that policy without a single violation.
//   npm run test:web-headers       (needs nginx: apt-get install nginx-light; and Chromium)
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser } from './browser.mjs';
import { freePort } from './servers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_HOST = 'web.ysm.test';
const API_HOST = 'api.ysm.test';
const IDP_ORIGIN = 'https://idp.ysm.test';
const WEB_ORIGIN = `http://${WEB_HOST}`;
const API_ORIGIN = `https://${API_HOST}`;
const NGINX = process.env.NGINX_PATH ?? 'nginx';
const MIME_TYPES = process.env.NGINX_MIME_TYPES ?? '/etc/nginx/mime.types';

const work = mkdtempSync(join(tmpdir(), 'ysm-web-headers-'));
const cleanups = [() => rmSync(work, { recursive: true, force: true })];
let failures = 0;
let passes = 0;

async function check(name, fn) {
  try {
    await fn();
    passes++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failures++;
    console.log(`FAIL ${name}\n${error.stack ?? error}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The build, as the Dockerfile's build stage makes it.
const html = join(work, 'html');
execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', html, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: join(ROOT, 'web'),
  env: { ...process.env, VITE_API_URL: API_ORIGIN },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const assets = readdirSync(join(html, 'assets'));
const indexHtml = readFileSync(join(html, 'index.html'), 'utf8');
const entryScript = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(indexHtml)?.[1];
const aMap = assets.find((f) => f.endsWith('.js.map'));

// ---------------------------------------------------------------------------------------------------
// The templates, rendered as the nginx image's entrypoint does (20-envsubst-on-templates.sh: every
// /etc/nginx/templates/*.template to /etc/nginx/conf.d/ without the suffix, `envsubst "$defined_envs"`
// where defined_envs are the environment's names that match NGINX_ENVSUBST_FILTER).
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const templates = [...dockerfile.matchAll(/^COPY (deploy\/\S+\.template) \/etc\/nginx\/templates\/(\S+)\.template$/gm)].map((m) => ({ source: m[1], output: m[2] }));
assert.ok(templates.some((t) => t.output === 'default.conf'), 'the Dockerfile copies deploy/nginx.conf.template as default.conf.template');
const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const filterText = /NGINX_ENVSUBST_FILTER: "([^"]+)"/.exec(compose)?.[1];
assert.ok(filterText, 'docker-compose.yml sets NGINX_ENVSUBST_FILTER for the web service');
const filter = new RegExp(filterText.replaceAll('$$', '$'));
// The web service's environment as docker-compose.yml gives it (its CSP_* default to empty); this run
// names an external identity provider and leaves the media origin empty, so both forms are rendered.
const environment = { ...process.env, WEB_HOST, API_HOST, CSP_IDP_ORIGIN: IDP_ORIGIN, CSP_MEDIA_ORIGIN: '' };
const defined = Object.keys(environment).filter((name) => filter.test(name));
for (const name of ['WEB_HOST', 'API_HOST', 'CSP_IDP_ORIGIN', 'CSP_MEDIA_ORIGIN']) {
  assert.ok(defined.includes(name), `NGINX_ENVSUBST_FILTER lets ${name} through`);
  assert.match(compose, new RegExp(`^\\s+${name}: `, 'm'), `docker-compose.yml gives the web service ${name}`);
}
const envsubst = (text) => text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => (defined.includes(name) ? environment[name] : whole));

const nginxPort = await freePort();
const upstreamPort = await freePort();
const confDir = join(work, 'conf.d');
mkdirSync(confDir);
/** The only changes to the rendered files: this machine's port, web root and api instead of the image's. */
function forThisMachine(text, output) {
  if (output !== 'default.conf') return text;
  const replace = (from, to, count) => {
    const found = text.split(from).length - 1;
    assert.equal(found, count, `the rendered default.conf has ${count} × "${from}" (found ${found})`);
    text = text.replaceAll(from, to);
  };
  replace('listen 80;', `listen 127.0.0.1:${nginxPort};`, 2);
  replace('root /usr/share/nginx/html;', `root ${html};`, 1);
  replace('server api:4000;', `server 127.0.0.1:${upstreamPort};`, 1);
  return text;
}
for (const { source, output } of templates) {
  const rendered = envsubst(readFileSync(join(ROOT, source), 'utf8'));
  assert.ok(!/\$\{[A-Z_]+\}/.test(rendered.replace(/^\s*#.*$/gm, '')), `${source}: every \${VARIABLE} outside comments is substituted`);
  writeFileSync(join(confDir, output), forThisMachine(rendered, output));
}
if (!existsSync(MIME_TYPES)) throw new Error(`${MIME_TYPES} is missing: install nginx (apt-get install nginx-light).`);
// The image's /etc/nginx/nginx.conf, with every writable path in the temporary directory. As root
// (CI's containers) the workers keep root's account so they can read the temporary directory.
const temp = join(work, 'temp');
mkdirSync(temp);
writeFileSync(
  join(work, 'nginx.conf'),
  `${userInfo().uid === 0 ? 'user root;\n' : ''}worker_processes 1;
error_log ${join(work, 'error.log')} warn;
pid ${join(work, 'nginx.pid')};
events { worker_connections 128; }
http {
    include ${MIME_TYPES};
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${temp}/client_body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include conf.d/*.conf;
}
`,
);
chmodSync(work, 0o755);

// ---------------------------------------------------------------------------------------------------
// A stand-in for the api (the real one is not needed for headers): the client configuration, the two
// queries of the landing page, and a sample beat's audio. Plain HTTP behind nginx's api host, and
// HTTPS (a self-signed certificate) for Chromium, which reaches https://api.ysm.test through it.
const sampleWav = (() => {
  const frames = 8000;
  const b = Buffer.alloc(44 + frames * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + frames * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) b.writeInt16LE(Math.round(Math.sin(i / 4) * 8000), 44 + i * 2);
  return b;
})();
const requestsSeen = [];
const waiters = [];
const seen = (predicate) => new Promise((resolve) => {
  const found = requestsSeen.find(predicate);
  if (found) resolve(found);
  else waiters.push({ predicate, resolve });
});
const clientConfig = {
  productName: 'YSM',
  supportEmail: 'support@ysm.test',
  graphqlUrl: `${API_ORIGIN}/graphql`,
  graphqlWsUrl: `wss://${API_HOST}/graphql`,
  oidc: { authority: `${API_ORIGIN}/oidc`, clientId: 'ysm-web', scope: 'openid profile email', audience: null },
  payments: 'local',
};
const sampleBeat = {
  __typename: 'SampleBeat', id: 'sample-1', title: 'Header Check Groove', genre: 'Trap', audioUrl: `${API_ORIGIN}/media/sample-1.wav?exp=1&sig=x`,
  key: 'C', mode: 'Minor', bpm: 120, structure: 'IVCO', durationSeconds: 1, peaks: [0.2, 0.5, 0.8, 0.4],
};
function stubApi(req, res) {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const entry = { method: req.method, url: req.url, host: req.headers.host, body };
    requestsSeen.push(entry);
    for (const w of [...waiters]) if (w.predicate(entry)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(entry); }
    res.setHeader('Access-Control-Allow-Origin', WEB_ORIGIN);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
      res.writeHead(204).end();
      return;
    }
    const json = (status, value) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/healthz') return json(200, { status: 'ok' });
    if (req.url === '/client-config') return json(200, clientConfig);
    if (req.url.startsWith('/media/sample-1.wav')) return res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': sampleWav.length }).end(sampleWav);
    if (req.url === '/graphql' && req.method === 'POST') {
      const { operationName } = JSON.parse(body || '{}');
      if (operationName === 'SampleBeats') return json(200, { data: { sampleBeats: [sampleBeat] } });
      if (operationName === 'PlatformStats') return json(200, { data: { platformStats: { __typename: 'PlatformStats', producers: 3, beatsThisMonth: 12 } } });
      return json(200, { data: null, errors: [{ message: `${operationName} is not in this stand-in`, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    }
    json(404, { error: 'Not found.' });
  });
}
const certDir = join(work, 'cert');
mkdirSync(certDir);
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${API_HOST}`, '-addext', `subjectAltName=DNS:${API_HOST}`,
  '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')], { stdio: 'ignore' });
const httpStub = createHttpServer(stubApi);
const httpsStub = createHttpsServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, stubApi);
const httpsPort = await freePort();
await new Promise((r) => httpStub.listen(upstreamPort, '127.0.0.1', r));
await new Promise((r) => httpsStub.listen(httpsPort, '127.0.0.1', r));
cleanups.unshift(() => { httpStub.close(); httpsStub.close(); httpStub.closeAllConnections(); httpsStub.closeAllConnections(); });

// ---------------------------------------------------------------------------------------------------
// nginx, in the foreground, as the image runs it.
const nginxArgs = ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', 'stderr'];
try {
  execFileSync(NGINX, [...nginxArgs, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
} catch (error) {
  throw new Error(`nginx refuses the rendered configuration:\n${error.stderr ?? error.message}`, { cause: error });
}
const nginx = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
let nginxOutput = '';
nginx.stderr.on('data', (d) => (nginxOutput += d));
const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
cleanups.unshift(async () => {
  if (nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await nginxExited;
  }
});
await new Promise((resolve, reject) => {
  const attempt = () => {
    if (nginx.exitCode !== null) return reject(new Error(`nginx stopped (exit ${nginx.exitCode}):\n${nginxOutput}`));
    const socket = connect(nginxPort, '127.0.0.1', () => { socket.end(); resolve(); });
    socket.once('error', () => setTimeout(attempt, 50));
  };
  attempt();
});

/** One request to nginx for a host, with the raw header list (to count repeats). */
function get(path, host = WEB_HOST) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: nginxPort, path, headers: { host } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const counts = new Map();
        for (let i = 0; i < res.rawHeaders.length; i += 2) counts.set(res.rawHeaders[i].toLowerCase(), (counts.get(res.rawHeaders[i].toLowerCase()) ?? 0) + 1);
        resolve({ status: res.statusCode, headers: res.headers, counts, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.once('error', reject);
    req.end();
  });
}

const directives = (csp) => new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
  const [name, ...sources] = d.split(/\s+/);
  return [name, sources];
}));

/** Every security header, once, with the values the web app needs. */
function assertSecurityHeaders(res, what) {
  for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy']) {
    assert.equal(res.counts.get(name), 1, `${what}: ${name} is sent once (got ${res.counts.get(name) ?? 0})`);
  }
  const csp = directives(res.headers['content-security-policy']);
  assert.ok(!res.headers['content-security-policy'].includes('${'), `${what}: the policy has no unrendered variable`);
  assert.deepEqual(csp.get('default-src'), ["'self'"], `${what}: default-src 'self'`);
  assert.deepEqual(csp.get('script-src'), ["'self'"], `${what}: scripts only from the app's own files (no inline, no eval)`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${what}: object-src 'none'`);
  assert.deepEqual(csp.get('base-uri'), ["'none'"], `${what}: base-uri 'none'`);
  assert.deepEqual(csp.get('frame-ancestors'), ["'self'"], `${what}: no other site frames the app`);
  assert.deepEqual(csp.get('form-action'), ["'self'"], `${what}: forms post only to the app`);
  for (const needed of ["'self'", API_ORIGIN, `wss://${API_HOST}`, IDP_ORIGIN]) {
    assert.ok(csp.get('connect-src')?.includes(needed), `${what}: connect-src has ${needed}: ${csp.get('connect-src')}`);
  }
  for (const directive of ['img-src', 'media-src']) {
    for (const needed of ["'self'", API_ORIGIN, 'blob:']) assert.ok(csp.get(directive)?.includes(needed), `${what}: ${directive} has ${needed}`);
  }
  for (const [name, sources] of csp) {
    assert.ok(!sources.includes('*') && !sources.includes('http:') && !sources.includes('https:'), `${what}: ${name} allows no whole scheme or everything`);
  }
  const hsts = res.headers['strict-transport-security'];
  assert.ok(Number(/max-age=(\d+)/.exec(hsts)?.[1]) >= 31_536_000, `${what}: HSTS for a year at least (${hsts})`);
  assert.match(hsts, /includeSubDomains/, `${what}: HSTS covers the subdomains`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
  assert.equal(res.headers.server, 'nginx', `${what}: no nginx version in Server`);
}

try {
  await check('the built index.html has no inline script, style or handler, and the bundles link no source map', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.ok(scripts.length > 0, 'index.html loads the app');
    for (const [, attributes, content] of scripts) {
      assert.match(attributes, /\bsrc="\/assets\//, `every script is a file of the app: <script${attributes}>`);
      assert.equal(content.trim(), '', 'no script has inline content');
    }
    assert.doesNotMatch(indexHtml, /<style\b/i, 'no inline <style>');
    assert.doesNotMatch(indexHtml, /\son[a-z]+\s*=/i, 'no inline event handler');
    assert.doesNotMatch(indexHtml, /javascript:/i, 'no javascript: URL');
    assert.ok(aMap, 'the build writes source maps (for error reports)');
    for (const file of assets.filter((f) => f.endsWith('.js') || f.endsWith('.css'))) {
      assert.doesNotMatch(readFileSync(join(html, 'assets', file), 'utf8'), /[#@] sourceMappingURL=/, `${file} does not point at its map`);
    }
  });

  await check('/ answers index.html with every security header', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^text\/html/);
    assert.equal(res.body, indexHtml);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assertSecurityHeaders(res, '/');
  });

  await check('a deep route (/account/profile) answers index.html with every security header', async () => {
    const res = await get('/account/profile?tab=licences');
    assert.equal(res.status, 200);
    assert.equal(res.body, indexHtml);
    assertSecurityHeaders(res, '/account/profile');
  });

  await check('the token-renewal page (/silent-renew.html) is served as built, with every security header, and runs only files of the app', async () => {
    const built = readFileSync(join(html, 'silent-renew.html'), 'utf8');
    const scripts = [...built.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.equal(scripts.length, 1, 'one script: the renewal entry');
    for (const [, attributes, content] of scripts) {
      assert.match(attributes, /\bsrc="\/assets\/silent-renew-[\w-]+\.js"/, `the entry is a file of the app: <script${attributes}>`);
      assert.equal(content.trim(), '', 'no inline script');
    }
    assert.doesNotMatch(built, /<style\b|\son[a-z]+\s*=|javascript:/i, 'no inline style, handler or javascript: URL');
    // As the provider sends the hidden frame back: with the code (or the error) and the state.
    const res = await get('/silent-renew.html?code=abc&state=xyz&iss=https%3A%2F%2Fapi.ysm.test%2Foidc');
    assert.equal(res.status, 200);
    assert.equal(res.body, built);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assertSecurityHeaders(res, '/silent-renew.html');
  });

  await check('an asset (the entry script and a stylesheet) has every security header and stays cached', async () => {
    for (const path of [entryScript, stylesheet]) {
      assert.ok(path, 'index.html names its entry script and a stylesheet');
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers['content-type'], path.endsWith('.js') ? /javascript/ : /^text\/css/);
      assert.match(res.headers['cache-control'] ?? '', /immutable/, `${path} stays cached`);
      assertSecurityHeaders(res, path);
    }
  });

  await check('source maps answer 404 (the file exists in the build), with the headers', async () => {
    assert.ok(existsSync(join(html, 'assets', aMap)));
    for (const path of [`/assets/${aMap}`, '/assets/missing.js.map', '/some/route.map']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.ok(!res.body.includes('"mappings"'), `${path} does not answer the map`);
      assertSecurityHeaders(res, path);
    }
  });

  await check('a missing asset answers 404 with the headers; the health check has them too', async () => {
    const missing = await get('/assets/missing-0000.js');
    assert.equal(missing.status, 404);
    assertSecurityHeaders(missing, '/assets/missing-0000.js');
    const health = await get('/nginx-health');
    assert.equal(health.status, 200);
    assertSecurityHeaders(health, '/nginx-health');
  });

  await check("the api's host is proxied without the web app's policy (its answers keep their own headers)", async () => {
    const res = await get('/healthz', API_HOST);
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { status: 'ok' });
    assert.equal(res.headers['content-security-policy'], undefined);
    assert.equal(res.headers['strict-transport-security'], undefined);
  });

  await check('Chromium loads the landing page under the policy: data, audio, the token-renewal frame, no violation; an injected inline script is refused', async () => {
    const browser = await openBrowser({
      args: [`--host-resolver-rules=MAP ${WEB_HOST} 127.0.0.1:${nginxPort}, MAP ${API_HOST} 127.0.0.1:${httpsPort}, MAP idp.ysm.test ~NOTFOUND`],
      ignoreHTTPSErrors: true,
    });
    try {
      const { page } = browser;
      const consoleCsp = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy|violates the following/i.test(message.text())) consoleCsp.push(message.text());
      });
      // Init scripts run through the DevTools protocol, outside the page's policy.
      await page.addInitScript(() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
        });
      });
      const violations = async () => [...(await page.evaluate(() => window.__violations)), ...consoleCsp];

      const response = await page.goto(`${WEB_ORIGIN}/welcome`);
      assert.ok(response.headers()['content-security-policy'], 'Chromium received the policy');
      // The sample beat comes from the api through GraphQL: the app booted, read /client-config and queried.
      const anyViolation = () => page.waitForFunction(() => window.__violations.length > 0, null, { timeout: 30_000 }).then(() => 'blocked', () => 'none');
      const landing = await Promise.race([page.getByRole('heading', { name: sampleBeat.title }).waitFor({ timeout: 30_000 }).then(() => 'shown'), anyViolation()]);
      assert.equal(landing, 'shown', 'the sample beat is shown, nothing blocked on the way');
      // Playing it loads the signed audio link from the api's origin.
      const audioRequested = seen((r) => r.url.startsWith('/media/sample-1.wav'));
      await page.getByRole('button', { name: `Play ${sampleBeat.title}` }).click();
      assert.equal(await Promise.race([audioRequested.then(() => 'requested'), anyViolation()]), 'requested', 'the audio is requested, not blocked');
      assert.deepEqual(await violations(), [], 'no violation on the landing page');

      await page.goto(`${WEB_ORIGIN}/subscription-features`);
      await page.locator('main h1').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await violations(), [], 'no violation on a deep route');

      // The token-renewal page, in a hidden frame of the app as the provider sends it back: under the
      // same policy (frame-ancestors 'self', script-src 'self') its script runs and hands the address
      // to the app.
      const renewalUrl = `${WEB_ORIGIN}/silent-renew.html?code=abc&state=xyz`;
      const handed = await page.evaluate((src) => new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error('the renewal page posted nothing')), 20_000);
        window.addEventListener('message', (event) => {
          if (event.data?.source !== 'oidc-client') return;
          clearTimeout(guard);
          resolve({ origin: event.origin, url: event.data.url });
        });
        const frame = document.createElement('iframe');
        frame.hidden = true;
        frame.src = src;
        document.body.append(frame);
      }), renewalUrl);
      assert.deepEqual(handed, { origin: WEB_ORIGIN, url: renewalUrl }, 'the renewal page posted its address to the app');
      assert.deepEqual(await violations(), [], 'no violation in the renewal frame');
      assert.deepEqual(browser.problems, [], 'no page error');

      // The policy is in force: an inline script injected into the page is refused and reported.
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.body.append(script); // an allowed inline script would run right here, synchronously
        return window.__inlineRan === true;
      });
      assert.equal(ran, false, 'the injected inline script did not run');
      await page.waitForFunction(() => window.__violations.some((v) => v.startsWith('script-src')), null, { timeout: 10_000 });
    } catch (error) {
      await browser.shot('failure-web-headers').catch(() => {});
      const seenBy = requestsSeen.map((r) => `${r.method} ${r.url}`).join('\n  ');
      throw new Error(`${error.message}\nviolations: ${JSON.stringify(await browser.page.evaluate(() => window.__violations).catch(() => null))}\nthe api stand-in saw:\n  ${seenBy}`, { cause: error });
    } finally {
      await browser.close();
    }
  });
} finally {
  for (const cleanup of cleanups) await cleanup();
}

console.log(`\n${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
