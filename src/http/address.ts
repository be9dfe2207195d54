// Which IP addresses an HTTP hook may reach without `allowPrivateNetwork`: public unicast only. Loopback,
// private, link-local, CGNAT, unspecified, unique-local, multicast, documentation and reserved ranges are
// not public, nor is an IPv6 form that carries one of them (IPv4-mapped, NAT64, 6to4).
import { isIPv4, isIPv6 } from 'node:net';

/** A non-public IPv4 range: `[cidr, what it is]`. Anything outside every row is public. */
const IPV4_NON_PUBLIC: readonly (readonly [string, string])[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved (IETF protocol assignments)'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved (6to4 relay anycast)'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // includes the broadcast address 255.255.255.255
];

/**
 * IPv6 ranges in the order they are tried; the first that contains the address decides. A row with
 * `embedsIPv4` carries an IPv4 address (at that bit offset), and the address is public when that one is.
 * An address in no row is public only inside global unicast 2000::/3.
 */
const IPV6_RANGES: readonly (readonly [string, string | { embedsIPv4: number; form: string }])[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::ffff:0:0/96', { embedsIPv4: 96, form: 'IPv4-mapped' }],
  ['64:ff9b::/96', { embedsIPv4: 96, form: 'NAT64' }],
  ['64:ff9b:1::/48', 'reserved (local-use NAT64)'],
  ['::/96', 'reserved (IPv4-compatible)'],
  ['100::/64', 'reserved (discard-only)'],
  ['2001::/23', 'reserved (IETF protocol assignments)'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', { embedsIPv4: 16, form: '6to4' }],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved (SRv6)'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

const GLOBAL_UNICAST_V6 = '2000::/3';

function parseIPv4(address: string): number {
  let n = 0;
  for (const part of address.split('.')) n = n * 256 + Number(part);
  return n;
}

// The 128-bit value of a valid IPv6 address (zone already removed), with `::` expanded and an
// embedded dotted IPv4 tail read as the last 32 bits.
function parseIPv6(address: string): bigint {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros: string[] = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  let n = 0n;
  for (const group of groups) n = (n << 16n) | BigInt(parseInt(group, 16));
  return n;
}

interface V4Range { base: number; bits: number; label: string }
interface V6Range { base: bigint; bits: number; label: string | { embedsIPv4: number; form: string } }

function splitCidr(cidr: string): [string, number] {
  const slash = cidr.indexOf('/');
  return [cidr.slice(0, slash), Number(cidr.slice(slash + 1))];
}

// Compiled once at import: numeric bases, so a check is a few shifts per row.
const V4: readonly V4Range[] = IPV4_NON_PUBLIC.map(([cidr, label]) => {
  const [base, bits] = splitCidr(cidr);
  return { base: parseIPv4(base), bits, label };
});
const V6: readonly V6Range[] = IPV6_RANGES.map(([cidr, label]) => {
  const [base, bits] = splitCidr(cidr);
  return { base: parseIPv6(base), bits, label };
});
const [globalBase, globalBits] = splitCidr(GLOBAL_UNICAST_V6);
const GLOBAL_V6: V6Range = { base: parseIPv6(globalBase), bits: globalBits, label: 'global unicast' };

function inV4(n: number, r: V4Range): boolean {
  // Compare the top `bits` bits; division keeps it exact for /0 and avoids 32-bit shift wrap-around.
  const size = 2 ** (32 - r.bits);
  return Math.floor(n / size) === Math.floor(r.base / size);
}

function inV6(n: bigint, r: V6Range): boolean {
  const shift = BigInt(128 - r.bits);
  return n >> shift === r.base >> shift;
}

function getIPv4Range(n: number): string | undefined {
  for (const r of V4) if (inV4(n, r)) return r.label;
  return undefined;
}

function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
}

// What makes `address` non-public, e.g. `'loopback'`, `'private'`, `'loopback (IPv4-mapped 127.0.0.1)'`,
// or `'not an IP address'`; `undefined` when it is public. Accepts IPv4, IPv6, `[IPv6]` and a `%zone`.
export function getNonPublicRange(address: string): string | undefined {
  let text = address.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return getIPv4Range(parseIPv4(text));
  if (!isIPv6(text)) return 'not an IP address';
  const n = parseIPv6(text.toLowerCase());
  for (const r of V6) {
    if (!inV6(n, r)) continue;
    if (typeof r.label === 'string') return r.label;
    const v4 = Number((n >> BigInt(128 - r.label.embedsIPv4 - 32)) & 0xffffffffn);
    const inner = getIPv4Range(v4);
    return inner === undefined ? undefined : `${inner} (${r.label.form} ${formatIPv4(v4)})`;
  }
  return inV6(n, GLOBAL_V6) ? undefined : 'reserved';
}

// Whether an HTTP hook may connect to `address` without `allowPrivateNetwork`: a public unicast IPv4
// or IPv6 address. Anything that is not an IP address is not public.
export function isPublicAddress(address: string): boolean {
  return getNonPublicRange(address) === undefined;
}
