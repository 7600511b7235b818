import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must not reach from the server: loopback, private networks, link-local
 * (cloud metadata services live there), carrier-grade NAT, multicast and reserved ranges. A partner
 * could otherwise make the server POST into the operator's own network.
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
] as const) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) INTERNAL.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is inside the operator's side of the network. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a receiver's host may not be reached: it is or resolves only to internal addresses. */
export class InternalTargetError extends Error {
  readonly code = 'EINTERNAL';
}

const refusal = (host: string) => new InternalTargetError(`${host} is an internal address; webhooks go to public receivers only`);

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
    if (!allowed.length) return callback(Object.assign(refusal(hostname), { errno: 0, syscall: 'lookup' }) as NodeJS.ErrnoException, '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
