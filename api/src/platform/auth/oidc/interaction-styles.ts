/**
 * The stylesheet of the sign-in pages, served as a file from the provider's mount path so that the
 * pages need no inline styles or scripts (nothing for the Content-Security-Policy to allow).
 * Colours follow the web app: near-black background, indigo accents.
 */
export const INTERACTION_CSS = `
:root { color-scheme: dark; --bg: #0b0b12; --card: #14141f; --line: #2a2a3d; --text: #e5e7eb;
  --muted: #9ca3af; --accent: #6366f1; --accent-hover: #4f46e5; --accent-soft: #a5b4fc; --error: #fca5a5;
  --error-bg: rgba(239, 68, 68, 0.12); }
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body { background: radial-gradient(circle at 50% -20%, rgba(99, 102, 241, 0.25), transparent 60%), var(--bg);
  color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; justify-content: center; padding: 2rem 1rem; }
.shell { width: 100%; max-width: 26rem; }
.brand { display: inline-block; margin-bottom: 1.5rem; color: var(--text); font-weight: 800; font-size: 1.75rem;
  letter-spacing: 0.04em; text-decoration: none; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 1rem; padding: 1.75rem 1.5rem;
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.45); }
.tabs { display: flex; gap: 0.25rem; padding: 0.25rem; margin-bottom: 1.5rem; background: var(--bg);
  border: 1px solid var(--line); border-radius: 0.75rem; }
.tabs a { flex: 1; text-align: center; padding: 0.5rem; border-radius: 0.5rem; color: var(--muted);
  text-decoration: none; font-weight: 600; }
.tabs a[aria-current="page"] { background: var(--accent); color: #fff; }
.tabs a:not([aria-current="page"]):hover { color: var(--accent-soft); }
h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
.lead { margin: 0 0 1.25rem; color: var(--muted); }
.alert { margin: 0 0 1.25rem; padding: 0.75rem 1rem; border-radius: 0.5rem; background: var(--error-bg);
  border: 1px solid rgba(239, 68, 68, 0.4); color: var(--error); }
.field { margin-bottom: 1rem; }
label { display: block; margin-bottom: 0.35rem; font-weight: 600; font-size: 0.95rem; }
input { width: 100%; padding: 0.7rem 0.85rem; border-radius: 0.5rem; border: 1px solid var(--line);
  background: #0f0f18; color: var(--text); font: inherit; }
input:focus { outline: 2px solid var(--accent-soft); outline-offset: 1px; border-color: var(--accent); }
input[aria-invalid="true"] { border-color: #ef4444; }
.hint { margin: 0.3rem 0 0; color: var(--muted); font-size: 0.85rem; }
.field-error { margin: 0.3rem 0 0; color: var(--error); font-size: 0.85rem; }
button { width: 100%; margin-top: 0.5rem; padding: 0.8rem 1rem; border: 0; border-radius: 0.5rem;
  background: var(--accent); color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
button:hover { background: var(--accent-hover); }
button:focus-visible { outline: 2px solid var(--accent-soft); outline-offset: 2px; }
button.secondary { background: transparent; border: 1px solid var(--line); color: var(--text); }
.switch { margin: 1.25rem 0 0; text-align: center; color: var(--muted); }
a { color: var(--accent-soft); }
.footer { margin-top: 1.25rem; text-align: center; color: var(--muted); font-size: 0.85rem; }
.scopes { margin: 0 0 1rem; padding-left: 1.1rem; color: var(--text); }
.scopes li { margin-bottom: 0.35rem; }
.user-code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.12em; color: var(--accent-soft); }
@media (max-width: 420px) { body { padding: 1rem 0.75rem; } .card { padding: 1.25rem 1rem; } }
`;
