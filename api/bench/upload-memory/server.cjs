// The api as `npm start` builds it (dist/), without the demo library, for the upload memory
// measurement (test/producers/upload-memory.test.ts). Prints "listening <port>".
require('reflect-metadata');
const { loadConfig } = require('../../dist/config');
const { createApp } = require('../../dist/app');
const { createLogger } = require('../../dist/platform/logging/logger');

(async () => {
  const config = loadConfig(process.env);
  const app = await createApp({ config, logger: createLogger(config.logLevel), databaseUrl: config.database.url });
  const port = await app.listen();
  process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => app.close().finally(() => process.exit(0)));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
