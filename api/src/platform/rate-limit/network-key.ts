import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a request comes from, for limits "per network": an IPv4 address as it is, an IPv6
 * address cut to its /64 (one household or one server is handed a whole /64, so counting single
 * IPv6 addresses would let one sender rotate through 2^64 of them). IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`, what a dual-stack socket reports) count as their IPv4 address.
 */
export function networkKey(address: string | undefined | null): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return 'unknown';
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function expandIPv6(address: string): string[] {
  // A trailing dotted IPv4 part (::1.2.3.4) is two groups.
  const withoutDotted = address.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_m, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
  const [head, tail] = withoutDotted.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}
