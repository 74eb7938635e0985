// Starts the built product for browser tests exactly as `npm start` runs it (api from api/dist, web
// from `vite preview`), on a fresh data directory and a free embedded-PostgreSQL port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

function start(name, command, args, env, log, cwd = ROOT) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const keep = (chunk) => {
    const text = chunk.toString();
    lines.push(text);
    if (log) process.stdout.write(`[${name}] ${text}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = () => lines.join('');
  return child;
}

/** The running product's data directory (its mail lands in `<dataDir>/mail`), once started. */
export let productDataDir;

/** Starts api and web; returns their URLs, the api's first-start output and a stop function. */
export async function startProduct({ log = false, env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ysm-e2e-'));
  productDataDir = dataDir;
  const apiPort = Number(process.env.E2E_API_PORT ?? 4000);
  const webPort = Number(process.env.E2E_WEB_PORT ?? 5173);
  const pgPort = await freePort();
  const apiUrl = `http://localhost:${apiPort}`;
  const webUrl = `http://localhost:${webPort}`;
  const api = start('api', process.execPath, ['api/dist/main.js'], {
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
    PORT: String(apiPort),
    PUBLIC_API_URL: apiUrl,
    WEB_ORIGIN: webUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    // Every spec's accounts register from this one machine.
    REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000',
    REGISTRATIONS_PER_NETWORK_PER_DAY: '1000',
    ...env,
  }, log);
  const web = start('web', process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--port', String(webPort), '--strictPort',
    // A build of its own (vite build --outDir), so runs on other ports do not share web/dist.
    ...(process.env.E2E_WEB_DIST ? ['--outDir', process.env.E2E_WEB_DIST] : [])], {}, log, join(ROOT, 'web'));
  const stop = async () => {
    for (const child of [web, api]) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        // The api drains for up to SHUTDOWN_GRACE_MS (25 s) and exits 10 s after at the latest.
        await new Promise((r) => { child.once('exit', r); setTimeout(r, 40_000); });
      }
    }
    // The embedded PostgreSQL may still be removing its files as the api exits: rmSync retries on ENOTEMPTY.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    await waitFor(`${apiUrl}/healthz`, 180_000, api);
    await waitFor(webUrl, 30_000, web);
  } catch (error) {
    console.error(api.output());
    console.error(web.output());
    await stop();
    throw error;
  }
  return { apiUrl, webUrl, dataDir, pgPort, api, web, stop };
}
