// After the browser tests: the database and the blob store agree and the ledgers sum to the balances
// (the data consistency check, api/dist/scripts/check-data.js). Work still in flight (a render storing
// its files) may show for a moment, so a finding must still be there when the check is run again.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const checkData = () =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'scripts', 'check-data.js')], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT}/ysm` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });

test('check:data finds nothing after the browser tests', async () => {
  // Passes as soon as one run of the check finds nothing; fails if every run in 60 s finds something.
  let last;
  await expect
    .poll(async () => (last = await checkData()).code, { timeout: 60_000, intervals: [0, 5_000] })
    .toBe(0)
    .catch((error) => {
      throw new Error(`${error.message}\n${last?.out ?? ''}`);
    });
});
