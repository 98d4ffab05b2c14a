import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/lib/address-key.js';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('turns an IPv4-mapped IPv6 address into its IPv4 address, in either notation', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:207')).toBe('192.0.2.7');
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts any other IPv6 address by its /64, whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(key);
    expect(addressKey('2001:db8:1:2::192.0.2.7')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:db8:0:0:1::1')).toBe('2001:db8::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('leaves out a zone id', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('fe80::aa:bb%25')).toBe('fe80::/64');
  });

  it('returns anything that is not an address as it is, without throwing', () => {
    for (const garbage of [
      '',
      'unknown',
      'garbage',
      '1.2.3',
      '256.1.1.1',
      ':::',
      '[::1]',
      '%',
      '1::2::3',
    ]) {
      expect(addressKey(garbage)).toBe(garbage);
    }
    expect(addressKey(null)).toBe('unknown');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
