import { networkKey } from './network-key';

describe('networkKey', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(networkKey('203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = networkKey('2001:db8:85a3:12::1');
    expect(key).toBe('2001:db8:85a3:12::/64');
    expect(networkKey('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(networkKey('2001:db8:85a3:12:1:2:3:4%eth0')).toBe(key);
    expect(networkKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything else as given', () => {
    expect(networkKey(undefined)).toBe('unknown');
    expect(networkKey('not an address')).toBe('not an address');
  });
});
