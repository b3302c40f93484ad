import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the image fetcher may connect to. Only globally routable unicast addresses:
 * every special range ipaddr.js knows (private, loopback, link-local incl. 169.254.169.254,
 * unique-local fd00::/8, multicast, 0.0.0.0/8, CGNAT, reserved, NAT64/6to4/Teredo tunnels that
 * embed an IPv4 address, IPv4-compatible ::a.b.c.d, ...) is refused. IPv4-mapped IPv6 is judged
 * as the IPv4 it carries.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  // ::a.b.c.d (IPv4-compatible, deprecated) is 'unicast' to ipaddr.js, yet carries an IPv4 address.
  if (
    parsed.kind() === 'ipv6' &&
    parsed.range() === 'unicast' &&
    (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)
  ) {
    return 'ipv4Compatible';
  }
  return parsed.range();
}

export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast';

/** An IP literal as WHATWG URL parsing leaves it in `hostname` ("[::1]", "127.0.0.1"), else undefined. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

/** `IMAGE_FETCH_ALLOW_HOSTS=host:port,...`: the only way to let a private address through. */
export function parseAllowHosts(value: string | undefined): Set<string> {
  const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase());
  return new Set(entries.filter(Boolean));
}

/** The `host:port` an allow-list entry names, with the scheme's default port filled in. */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}
