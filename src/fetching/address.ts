/**
 * SSRF guard of online mode: only public unicast addresses may be fetched unless `--allow-private`.
 * The check runs inside the connection's DNS lookup, so the address that is connected to is the
 * address that was checked (no window for DNS rebinding), on every redirect hop.
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PageError } from './page-error.js';

/**
 * True for a public unicast IPv4/IPv6 address. Loopback, private (RFC 1918), link-local,
 * unique-local (fc00::/7), carrier-grade NAT, multicast, unspecified, reserved, documentation,
 * 6to4/Teredo/NAT64 (which embed IPv4 addresses) and invalid strings are not public. An IPv4-mapped
 * (`::ffff:127.0.0.1`) or IPv4-compatible (`::127.0.0.1`, `::/96`) IPv6 address is judged as the IPv4
 * address it holds (`::` and `::1` fall in 0.0.0.0/8, not public).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv6' && isIpv4Compatible(parsed as ipaddr.IPv6)) return isPublicAddress(ipv4Of(parsed as ipaddr.IPv6));
  return parsed.range() === 'unicast';
}

/** The deprecated IPv4-compatible IPv6 block `::/96` (RFC 4291 §2.5.5.1), which ipaddr.js calls unicast: `::127.0.0.1` reaches 127.0.0.1 on some stacks. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  return parts.slice(0, 6).every((p) => p === 0);
}

/** The IPv4 address in the low 32 bits of an IPv6 address. */
function ipv4Of(address: ipaddr.IPv6): string {
  const [hi, lo] = [address.parts[6] ?? 0, address.parts[7] ?? 0];
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** The error for a refused address (hostname as asked, address as resolved). */
export function privateAddressError(hostname: string, address: string): PageError {
  return new PageError(
    'private-address',
    `refused ${hostname} (${address}): not a public address; pass --allow-private to fetch private, loopback or link-local hosts`,
    { hostname, address },
  );
}

/**
 * Throws `private-address` when `hostname` is an IP literal that is not public (IP literals never
 * reach a DNS lookup, so they are checked before connecting).
 */
export function checkLiteralHost(hostname: string): void {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) !== 0 && !isPublicAddress(bare)) throw privateAddressError(hostname, bare);
}

/**
 * A `lookup` for `net.connect` that resolves every address of the host (`dns.lookup` with
 * `all: true`) and fails with `private-address` if any of them is not public.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(privateAddressError(hostname, refused.address) as unknown as NodeJS.ErrnoException, '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    return callback(null, first.address, first.family);
  });
};
