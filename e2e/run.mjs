// Browser tests: builds are expected (npm run test:e2e builds first). Starts the product, runs every
// spec in e2e/specs in order in Debian's Chromium, saves screenshots in e2e/screenshots.
import { readdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startProduct } from './servers.mjs';
import { openBrowser } from './browser.mjs';

const SPECS = join(dirname(fileURLToPath(import.meta.url)), 'specs');
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const product = await startProduct({ log: Boolean(process.env.E2E_LOG) });
let passed = 0;
let failed = 0;
try {
  const only = process.argv[2];
  for (const file of readdirSync(SPECS).filter((f) => f.endsWith('.e2e.mjs') && (!only || f.includes(only))).sort()) {
    const spec = await import(pathToFileURL(join(SPECS, file)).href);
    const browser = await openBrowser();
    const started = Date.now();
    try {
      const result = await spec.run({ browser, webUrl: product.webUrl, apiUrl: product.apiUrl, dataDir: product.dataDir, pgPort: product.pgPort });
      if (browser.problems.length) throw new Error(browser.problems.join('\n'));
      passed++;
      console.log(`ok   ${spec.name} (${Date.now() - started} ms)`);
      for (const [k, v] of Object.entries(result?.figures ?? {})) console.log(`     ${k}: ${v}`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${spec.name}\n${error.stack ?? error}`);
      await browser.shot(`failure-${file.replace('.e2e.mjs', '')}`).catch(() => {});
    } finally {
      await browser.close();
    }
  }
  // Data safety (issue 24): after every spec, the database and the blob store agree and the ledgers
  // sum to the balances. Work still in flight (a render storing its files) may show for a moment, so
  // findings must persist over a second look 5 s later to fail.
  const checkData = () => new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'scripts', 'check-data.js')], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: product.dataDir, DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${product.pgPort}/ysm` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
  let check = await checkData();
  if (check.code !== 0) {
    await new Promise((r) => setTimeout(r, 5000));
    check = await checkData();
  }
  if (check.code === 0) {
    passed++;
    console.log('ok   check:data finds nothing after the browser tests');
  } else {
    failed++;
    console.log(`FAIL check:data after the browser tests (exit ${check.code})\n${check.out}`);
  }
} finally {
  await product.stop();
}

// Graceful shutdown: SIGTERM drains the api, which exits 0 and stops its embedded PostgreSQL.
const pgStillUp = await new Promise((resolve) => {
  const socket = connect(product.pgPort, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});
if (product.api.exitCode === 0 && !pgStillUp) {
  passed++;
  console.log('ok   SIGTERM drains the api and stops the embedded PostgreSQL');
} else {
  failed++;
  console.log(`FAIL graceful shutdown: api exit ${product.api.exitCode}, embedded PostgreSQL still up: ${pgStillUp}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
