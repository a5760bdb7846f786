import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, type TrustProxy } from './client-address';

const NOBODY: TrustProxy = { kind: 'none' };
const hops = (count: number): TrustProxy => ({ kind: 'hops', count });
const addresses = (...list: string[]): TrustProxy => ({ kind: 'addresses', addresses: list });

describe('clientAddress', () => {
  it('trusts nobody by default: a forged X-Forwarded-For is ignored', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', NOBODY)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', undefined, NOBODY)).toBe('198.51.100.4');
  });

  it('takes the address the trusted hop saw, not what the client wrote before it', () => {
    // The client forged "1.1.1.1"; the one proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', hops(1))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9', hops(1))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.3', '1.1.1.1, 203.0.113.9, 10.0.0.2', hops(2))).toBe('203.0.113.9');
  });

  it('with too few hops in the header, takes the furthest address there is', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.9', hops(3))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', undefined, hops(1))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', hops(1))).toBe('10.0.0.2');
  });

  it('with proxy addresses, walks back over trusted proxies only', () => {
    const proxies = addresses('10.0.0.2', '10.0.0.3');
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.0.0.3', proxies)).toBe('203.0.113.9');
    // Not from a trusted proxy: the header is the client's own and is ignored.
    expect(clientAddress('198.51.100.4', '203.0.113.9', proxies)).toBe('198.51.100.4');
    // Every hop trusted: the furthest one.
    expect(clientAddress('10.0.0.2', '10.0.0.3', proxies)).toBe('10.0.0.3');
  });

  it('reads IPv6, IPv4-mapped and bracketed addresses and ports', () => {
    expect(clientAddress('::ffff:127.0.0.1', '2001:DB8:0:0::1', addresses('127.0.0.1'))).toBe('2001:db8::1');
    expect(clientAddress('::1', '[2001:db8::7]:4711', addresses('::1'))).toBe('2001:db8::7');
    expect(clientAddress('::1', '203.0.113.9:4711', hops(1))).toBe('203.0.113.9');
    expect(clientAddress('::ffff:198.51.100.4', undefined, NOBODY)).toBe('198.51.100.4');
    expect(clientAddress('2001:DB8::1', '203.0.113.9', parseTrustProxy('2001:db8:0::1')!)).toBe('203.0.113.9');
  });

  it('ignores spaces around entries and repeated headers', () => {
    expect(clientAddress('10.0.0.2', '  1.1.1.1 ,203.0.113.9   ', hops(1))).toBe('203.0.113.9');
    // Two X-Forwarded-For headers arrive joined by ", ".
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', hops(2))).toBe('1.1.1.1');
  });

  it('stops at a malformed entry: the last trusted hop is the client', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.9, not-an-address', hops(2))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '203.0.113.9,,', hops(1))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', 'unknown', addresses('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('has no address without a socket address', () => {
    expect(clientAddress(undefined, '203.0.113.9', hops(1))).toBeUndefined();
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['0', NOBODY],
    ['1', hops(1)],
    [' 2 ', hops(2)],
    ['10.0.0.2', addresses('10.0.0.2')],
    ['10.0.0.2, 10.0.0.3 ,::1', addresses('10.0.0.2', '10.0.0.3', '::1')],
    ['::FFFF:10.0.0.2', addresses('10.0.0.2')],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'yes', '-1', '1.5', '10.0.0.2,', '10.0.0.300', '10.0.0.0/8', 'proxy.local'])('refuses %j', (value) => {
    expect(parseTrustProxy(value)).toBeUndefined();
  });
});
