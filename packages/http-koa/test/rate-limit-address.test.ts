import { describe, expect, it } from '@jest/globals';

import { rateLimitAddressKey } from '../src/rate-limit-address';

describe('rateLimitAddressKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(rateLimitAddressKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('reads IPv4-mapped IPv6 addresses, dotted or in hex, as IPv4', () => {
    expect(rateLimitAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(rateLimitAddressKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:6:1::/64';
    for (const address of [
      '2001:db8:6:1::1',
      '2001:DB8:6:1:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0006:0001:0000:0000:0000:0003',
      '2001:db8:6:1:ffff::9',
      '2001:db8:6:1::1%eth0',
      '2001:db8:6:1:0:0:192.0.2.1',
    ]) {
      expect(rateLimitAddressKey(address)).toBe(key);
    }
    expect(rateLimitAddressKey('2001:db8:6:2::1')).toBe('2001:db8:6:2::/64');
    expect(rateLimitAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddressKey('::')).toBe('0:0:0:0::/64');
    expect(rateLimitAddressKey('fe80::1%25eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(rateLimitAddressKey('unknown')).toBe('unknown');
    expect(rateLimitAddressKey('2001:db8::g')).toBe('2001:db8::g');
  });
});
