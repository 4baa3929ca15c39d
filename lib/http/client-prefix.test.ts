import { describe, expect, test } from 'vitest';
import { clientNetwork, ipv6Groups } from './client-prefix';

describe('client network', () => {
  test('args: IPv6 in its written forms is read into eight groups; anything else is not', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2001:db8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('64:ff9b::192.0.2.33')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x0221]);
    expect(ipv6Groups('1:2:3:4:5:6:192.0.2.33')).toEqual([1, 2, 3, 4, 5, 6, 0xc000, 0x0221]);
    for (const bad of ['192.0.2.1', 'unknown', '1:2:3', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '::1.2.3.256']) expect(ipv6Groups(bad), bad).toBeNull();
  });

  test('args: the network keeps the prefix bits, zeroes the rest', () => {
    expect(clientNetwork('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6', 60)).toBe('2001:db8:1::/60');
    expect(clientNetwork('2001:db8:1:f00f::', 52)).toBe('2001:db8:1:f000::/52');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6', 112)).toBe('2001:db8:1:2:3:4:5:0/112');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6', 1)).toBe('::/1');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6');
    expect(clientNetwork('198.51.100.7', 64)).toBe('198.51.100.7');
    // RFC 5952: the longest run of zero groups is the one compressed, a single zero group is not.
    expect(clientNetwork('1:0:0:2:0:0:0:3', 128)).toBe('1:0:0:2:0:0:0:3');
    expect(clientNetwork('1:0:0:2:0:0:0:3', 127)).toBe('1:0:0:2::2/127');
    expect(clientNetwork('1:0:0:2:5:0:0:3', 127)).toBe('1::2:5:0:0:2/127');
  });
});
