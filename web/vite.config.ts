/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // `npm start` serves the built app with `vite preview`; both listen where the api's WEB_ORIGIN expects.
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    // Maps are written for error reports but not linked from the bundles ('hidden'), and production's
    // nginx answers 404 for *.map (deploy/nginx.conf.template; issue 31).
    sourcemap: 'hidden',
    rolldownOptions: {
      // The app, and the page the provider sends the hidden token-renewal frame back to (a tiny
      // entry of its own: oidc-client-ts's callback, no React, no inline script).
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        'silent-renew': fileURLToPath(new URL('silent-renew.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys and
        // download in parallel with the entry.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            {
              name: 'graphql',
              test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|@wry|optimism|tslib|ts-invariant|apollo-upload-client|extract-files|is-plain-obj)[\\/]/,
            },
            // Without React: the renewal page (silent-renew.html) loads only this chunk and its own entry.
            { name: 'auth', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A guard against hangs, not a speed check: page tests that wait up to 5 s for data need room
    // on a loaded 2-core machine (the default 5 s let one fail there).
    testTimeout: 20_000,
  },
});
