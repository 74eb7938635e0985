import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, for per-network limits: an IPv4 address as it is, an
 * IPv6 address by its /64 prefix (one subscriber line or host usually holds a whole /64, so counting
 * single IPv6 addresses would give one person 2^64 budgets). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is
 * its IPv4 address. Anything else (no address) is kept as given.
 */
export function networkKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  const zoneless = address.split('%')[0];
  if (!isIPv6(zoneless)) return address;
  return `${expandIPv6(zoneless).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, without leading zeros (an embedded IPv4 tail becomes two). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((part) => parseInt(part, 16).toString(16));
}
