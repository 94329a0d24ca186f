import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitKeyOfAddress } from './client-address.server';
import { clientAddressOf } from '~/limits/rate-limit.server';

describe('limitKeyOfAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitKeyOfAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOfAddress(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address, in either notation', () => {
    expect(limitKeyOfAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOfAddress('::FFFF:CB00:7109')).toBe('203.0.113.9');
    expect(limitKeyOfAddress('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
    // Another prefix with a dotted tail is IPv6 like any other.
    expect(limitKeyOfAddress('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('keys every address of one /64 the same, however it is written', () => {
    const forms = [
      '2001:db8:a:b::1',
      '2001:DB8:A:B:FFFF:FFFF:FFFF:FFFF',
      '2001:0db8:000a:000b:0:0:0:2',
      '2001:db8:a:b::3%eth0',
      '[2001:db8:a:b::4]',
      '[2001:db8:a:b::5]:443',
      '2001:db8:a:b:1:2:198.51.100.7',
    ];
    expect(new Set(forms.map(limitKeyOfAddress))).toEqual(new Set(['2001:db8:a:b::/64']));
  });

  it('keys neighbouring /64 networks apart', () => {
    expect(limitKeyOfAddress('2001:db8:a:b::1')).not.toBe(limitKeyOfAddress('2001:db8:a:c::1'));
    expect(limitKeyOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOfAddress('fe80::1%25en0')).toBe('fe80:0:0:0::/64');
  });

  it('drops a port a proxy added to an IPv4 address', () => {
    expect(limitKeyOfAddress('203.0.113.9:5060')).toBe('203.0.113.9');
  });

  it('keeps anything else as it came, lower case and cut short; nothing for an empty value', () => {
    expect(limitKeyOfAddress('Unknown-Proxy')).toBe('unknown-proxy');
    expect(limitKeyOfAddress('x'.repeat(500))).toHaveLength(64);
    expect(limitKeyOfAddress('')).toBeNull();
    expect(limitKeyOfAddress('  ')).toBeNull();
    expect(limitKeyOfAddress(undefined)).toBeNull();
  });

  it('gives the first four groups for any IPv6 address, written in full, compressed or in capitals', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
        fc.pre(!(groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff));
        const full = groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
        // The URL parser writes the canonical compressed form (RFC 5952).
        const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
        const expected = `${groups
          .slice(0, 4)
          .map((g) => g.toString(16))
          .join(':')}::/64`;
        expect(limitKeyOfAddress(full)).toBe(expected);
        expect(limitKeyOfAddress(compressed)).toBe(expected);
        expect(limitKeyOfAddress(full.toUpperCase())).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('clientAddressOf', () => {
  it('gives every limit the key of the address server/index.ts puts in the load context', () => {
    expect(clientAddressOf({ clientAddress: '2001:db8:a:b:c:d:e:f' })).toBe('2001:db8:a:b::/64');
    expect(clientAddressOf({ clientAddress: '::ffff:203.0.113.9' })).toBe('203.0.113.9');
  });
});
