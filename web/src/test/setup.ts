import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait for an event, not a time: on a loaded 2-core machine booting the app (client
// config, session, a lazy page chunk) takes over the library's default 1 s, so they wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with an empty browser: no stored login, flags or state left by the one before.
afterEach(() => {
  // Tests of network code run in the node environment, without a window.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
