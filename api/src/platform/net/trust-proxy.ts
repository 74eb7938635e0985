import { isIP } from 'node:net';

/**
 * Which hops in front of the api may speak for the client (Express's `trust proxy`): none, the
 * number of proxies that each append the address they saw to `X-Forwarded-For` (nginx and a load
 * balancer: 2), or the proxies' addresses and CIDR ranges. The client's address is then the
 * right-most one that no trusted hop wrote; what the client itself put in the header is never
 * taken, so a forged `X-Forwarded-For` neither dodges a per-address limit nor blames another address.
 */
export type TrustProxy = false | number | readonly string[];

/** Express's names for the private ranges proxy-addr knows (`loopback`, `linklocal`, `uniquelocal`). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true trusts every address in X-Forwarded-For, and the left-most is whatever the client wrote: ' +
  'set the number of proxies in front of the api that append to it (2 for the load balancer and nginx of docker-compose.yml) ' +
  'or their addresses (e.g. 10.0.0.0/8,172.16.0.0/12)';

const FORMAT = `TRUST_PROXY must be false, a number of proxies (1-${MAX_HOPS}), or a comma-separated list of their addresses or CIDR ranges`;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return false;
  const family = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (!family || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY. `true` (and `yes`) is refused in production; elsewhere it stands for one hop,
 * the one proxy a development setup puts in front, so an old .env keeps working without trusting
 * what the client writes.
 */
export function parseTrustProxy(raw: string | undefined, production: boolean): { value: TrustProxy } | { error: string } {
  const text = (raw ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return { value: false };
  if (text === 'true' || text === 'yes') return production ? { error: TRUST_PROXY_TRUE_REFUSED } : { value: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_HOPS ? { value: hops } : { error: FORMAT };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrRange)) return { error: FORMAT };
  return { value: entries };
}
