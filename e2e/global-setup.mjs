// Starts the built product once for the whole run (npm run test:e2e builds it first) and hands its
// addresses to the specs through the environment; the function it returns stops the product and checks
// the graceful shutdown: SIGTERM drains the api, which exits 0 and stops its embedded PostgreSQL.
import { connect } from 'node:net';
import { startProduct } from './servers.mjs';

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export default async function globalSetup() {
  const product = await startProduct({ log: Boolean(process.env.E2E_LOG) });
  Object.assign(process.env, {
    E2E_WEB_URL: product.webUrl,
    E2E_API_URL: product.apiUrl,
    E2E_DATA_DIR: product.dataDir,
    E2E_PG_PORT: String(product.pgPort),
  });
  return async () => {
    await product.stop();
    const pgStillUp = await portOpen(product.pgPort);
    if (product.api.exitCode !== 0 || pgStillUp) {
      throw new Error(`graceful shutdown: api exit ${product.api.exitCode}, embedded PostgreSQL still up: ${pgStillUp}`);
    }
    console.log('ok   SIGTERM drains the api and stops the embedded PostgreSQL');
  };
}
