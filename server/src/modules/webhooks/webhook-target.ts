import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must not reach from the server: loopback, private networks, link-local
 * (cloud metadata services live there), carrier-grade NAT, multicast and reserved ranges. A partner
 * could otherwise make the server POST into the operator's own network.
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
// 64:ff9b:1::/48 is NAT64 for a local network, where the IPv4 address may sit anywhere in it.
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of a valid IPv6 address (a zone id dropped, a trailing dotted IPv4 read as its 4 bytes). */
function ipv6Bytes(address: string): number[] {
  const text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const hex = dotted
    ? text.slice(0, dotted.index) +
      ((+dotted[1]! << 8) | +dotted[2]!).toString(16) +
      ':' +
      ((+dotted[3]! << 8) | +dotted[4]!).toString(16)
    : text;
  const [head, tail] = hex.split('::') as [string, string | undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const before = words(head);
  const after = words(tail);
  const all =
    tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

const dottedOf = (b: number[]) => b.join('.');
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((p, i) => bytes[i] === p);

/**
 * The IPv4 address an IPv6 address carries, where a router or the host's own stack delivers to
 * that IPv4 address: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
 * IPv4-compatible (::/96), NAT64 (64:ff9b::/96: the last 32 bits), 6to4 (2002::/16: bits 16 to 47)
 * and Teredo (2001::/32: the client is the last 32 bits, inverted). Null for any other address.
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  const last = b.slice(12);
  const zeros = (n: number) => Array<number>(n).fill(0);
  if (startsWith(b, [...zeros(10), 0xff, 0xff])) return dottedOf(last);
  if (startsWith(b, [...zeros(8), 0xff, 0xff, 0, 0])) return dottedOf(last);
  if (startsWith(b, zeros(12))) return dottedOf(last);
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return dottedOf(last);
  if (startsWith(b, [0x20, 0x02])) return dottedOf(b.slice(2, 6));
  if (startsWith(b, [0x20, 0x01, 0x00, 0x00])) return dottedOf(last.map((x) => x ^ 0xff));
  return null;
}

/**
 * Whether an IP address is inside the operator's side of the network: an internal IPv4 address,
 * an internal IPv6 address, or an IPv6 address that carries an internal IPv4 address (a connection
 * to `::7f00:1` or `2002:7f00:1::` can reach 127.0.0.1). Anything that is not an IP address is too.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  return (v4 !== null && INTERNAL.check(v4, 'ipv4')) || INTERNAL.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** Why a receiver's host may not be reached: it is or resolves only to internal addresses. */
export class InternalTargetError extends Error {
  readonly code = 'EINTERNAL';
}

const refusal = (host: string) =>
  new InternalTargetError(`${host} is an internal address; webhooks go to public receivers only`);

/** Refuses an IP literal host that is internal (a connection to a literal makes no lookup). */
export function checkLiteralHost(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) && isInternalAddress(bare)) throw refusal(hostname);
}

/**
 * A DNS lookup for outgoing connections that drops internal addresses: the connection is made to
 * an address checked here, so a name that resolves elsewhere at send time (DNS rebinding) gains nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => !isInternalAddress(a.address));
    if (!allowed.length)
      return callback(
        Object.assign(refusal(hostname), { errno: 0, syscall: 'lookup' }) as NodeJS.ErrnoException,
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
