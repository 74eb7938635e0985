import '@testing-library/jest-dom/vitest';

// Each test starts with an empty browser: no stored login, flags or state left by the one before.
afterEach(() => {
  // Tests of network code run in the node environment, without a window.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
