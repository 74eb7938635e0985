import { networkKey } from './network-key';

describe('networkKey', () => {
  it('keeps an IPv4 address, also when a dual-stack socket reports it mapped into IPv6', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(networkKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(networkKey('2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff')).toBe(key);
    expect(networkKey('2001:DB8:85A3:8D3::1')).toBe(key);
    expect(networkKey('2001:db8:85a3:8d3::1%eth0')).toBe(key);
    expect(networkKey('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('answers one shared key for what is not an address', () => {
    for (const value of [undefined, null, '', 'localhost', '1.2.3', '2001:db8::zz']) expect(networkKey(value)).toBe('unknown');
  });
});
