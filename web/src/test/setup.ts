import '@testing-library/jest-dom/vitest';

// Each test starts with an empty browser: no stored login, flags or state left by the one before.
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
