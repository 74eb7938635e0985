/**
 * An address as it may be logged: credentials cut out, whatever way they were written (issue 31).
 *
 * - By parameter name, after percent-decoding the name (`?access%5Ftoken=` is `access_token` to
 *   Express's query parser, so it must be to the log too): any name ending in token, secret,
 *   password, signature or sig, and OAuth's codes (`code`, `user_code`, `device_code`).
 * - By shape, in any path segment, parameter name or value (decoded): a JWT (`eyJ…`, the form of every
 *   access, ID and logout token), a personal access token (`bp_pat_…`), a local checkout or payout
 *   id (`local_cs_…`, `local_acct_…`, whose page is reached by its address alone), and a signed
 *   token (`<base64url payload>.<HMAC-SHA256>`, the licence download links).
 *
 * A segment or value holding one is replaced whole by `[redacted]`; everything else is kept as sent.
 */
export const REDACTED = '[redacted]';

const SECRET_SHAPES = [
  /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}/, // JWT / JWS / JWE: a base64url JSON header, then a dot
  /bp_pat_[A-Za-z0-9_-]{4,}/i,
  /local_[a-z]+_[A-Za-z0-9_-]{16,}/,
  /[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/, // payload.signature (HMAC-SHA256 in base64url)
];

const SECRET_NAME_ENDINGS = /(token|secret|password|passwd|signature|sig|credential|apikey)$/;
const SECRET_NAMES = new Set(['code', 'usercode', 'devicecode', 'key']);

/** A name compared without case or punctuation: `Access-Token`, `access_token[]` and `a[access_token]` alike. */
const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isSecretParameterName = (name: string) => {
  const normal = normaliseName(name);
  return SECRET_NAMES.has(normal) || SECRET_NAME_ENDINGS.test(normal);
};

/** Percent-decoding until nothing changes (a doubly encoded `%255F` too); malformed escapes stay as they are. */
function decode(text: string, plusIsSpace: boolean): string {
  let current = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  for (let i = 0; i < 3 && current.includes('%'); i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

const hasSecretShape = (text: string) => SECRET_SHAPES.some((shape) => shape.test(text));

function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment && hasSecretShape(decode(segment, false)) ? REDACTED : segment))
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decode(rawName, true);
      if (hasSecretShape(name)) return REDACTED;
      if (eq < 0) return pair;
      const value = pair.slice(eq + 1);
      return isSecretParameterName(name) || hasSecretShape(decode(value, true)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string;
export function redactUrl(url: unknown): unknown;
export function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  // A fragment never reaches a server, but a request line can carry one: it is redacted as query text.
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? null : url.slice(hash + 1);
  const mark = beforeHash.indexOf('?');
  const path = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const query = mark < 0 ? null : beforeHash.slice(mark + 1);
  return (
    redactPath(path) +
    (query === null ? '' : `?${redactQuery(query)}`) +
    (fragment === null ? '' : `#${redactQuery(fragment)}`)
  );
}
