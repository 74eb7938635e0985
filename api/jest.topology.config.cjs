// The scale-out topology tests (issue 24): real api and worker processes from the built api
// (npm run build -w api), the machine's PostgreSQL and a private redis-server. Run with
// `npm run test:topology` (root); kept out of `npm test`, whose suites each start an app in-process.
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/topology'],
  testMatch: ['**/*.topology.ts'],
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleFileExtensions: base.moduleFileExtensions,
  testTimeout: 300_000,
  maxWorkers: 1,
};
