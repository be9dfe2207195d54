import { describe, expect, it } from 'vitest';
import { getNonPublicRange, isPublicAddress } from '../../src/http/index.js';

const PUBLIC: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.0',
  '9.255.255.255',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above CGNAT
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255', // just below 172.16/12
  '172.32.0.0', // just above 172.16/12
  '192.167.255.255',
  '192.169.0.0',
  '223.255.255.255', // last before multicast
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:82a::200e',
  '2001:200::1', // just past 2001::/23
  '::ffff:8.8.8.8', // IPv4-mapped public
  '::ffff:808:808', // the same, in hex
  '64:ff9b::8.8.8.8', // NAT64 of a public address (what DNS64 hands out on IPv6-only networks)
  '2002:808:808::1', // 6to4 of a public address
];

// [address, what getNonPublicRange names it]
const NON_PUBLIC: readonly (readonly [string, string])[] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'shared (CGNAT)'],
  ['100.127.255.255', 'shared (CGNAT)'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['192.0.0.8', 'reserved (IETF protocol assignments)'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:0', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['ff02::1', 'multicast'],
  ['FF05::1:3', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback (IPv4-mapped 127.0.0.1)'],
  ['::FFFF:127.0.0.1', 'loopback (IPv4-mapped 127.0.0.1)'],
  ['::ffff:7f00:1', 'loopback (IPv4-mapped 127.0.0.1)'],
  ['0:0:0:0:0:ffff:7f00:1', 'loopback (IPv4-mapped 127.0.0.1)'],
  ['::ffff:10.1.2.3', 'private (IPv4-mapped 10.1.2.3)'],
  ['::ffff:192.168.1.1', 'private (IPv4-mapped 192.168.1.1)'],
  ['::ffff:169.254.169.254', 'link-local (IPv4-mapped 169.254.169.254)'],
  ['::ffff:100.64.0.1', 'shared (CGNAT) (IPv4-mapped 100.64.0.1)'],
  ['::ffff:0.0.0.0', 'unspecified (IPv4-mapped 0.0.0.0)'],
  ['::ffff:224.0.0.1', 'multicast (IPv4-mapped 224.0.0.1)'],
  ['64:ff9b::127.0.0.1', 'loopback (NAT64 127.0.0.1)'],
  ['64:ff9b::a00:1', 'private (NAT64 10.0.0.1)'],
  ['64:ff9b:1::1', 'reserved (local-use NAT64)'],
  ['2002:7f00:1::1', 'loopback (6to4 127.0.0.1)'],
  ['2002:c0a8:101::1', 'private (6to4 192.168.1.1)'],
  ['::127.0.0.1', 'reserved (IPv4-compatible)'],
  ['::8.8.8.8', 'reserved (IPv4-compatible)'],
  ['100::1', 'reserved (discard-only)'],
  ['2001::1', 'reserved (IETF protocol assignments)'], // Teredo
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['5f00::1', 'reserved (SRv6)'],
  ['4000::1', 'reserved'], // outside global unicast 2000::/3
  ['::2', 'reserved (IPv4-compatible)'],
];

const NOT_IP: readonly string[] = ['', 'localhost', 'example.com', '127.1', '0x7f.0.0.1', '1.2.3.4.5', '256.0.0.1', '::ffff:999.0.0.1', '1::2::3'];

describe('isPublicAddress', () => {
  it.each(PUBLIC)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(getNonPublicRange(address)).toBeUndefined();
  });

  it.each(NON_PUBLIC)('%s is not public (%s)', (address, range) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(getNonPublicRange(address)).toBe(range);
  });

  it.each(NOT_IP)('%j is not an IP address, so not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(getNonPublicRange(address)).toBe('not an IP address');
  });
});
