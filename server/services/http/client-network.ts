/**
 * The network a client address belongs to, for limits that one network must not dodge by
 * using many of its addresses: an IPv4 /24, an IPv6 /56 (the block a provider typically
 * gives one customer). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as IPv4.
 * And which peers are believed about the client's address (TRUST_PROXY).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

export const IPV4_NETWORK_BITS = 24;
export const IPV6_NETWORK_BITS = 56;

/** `192.0.2.0/24` for `192.0.2.77`, `2001:db8:0:ab00::/56` for `2001:db8:0:abcd::1`; anything else as it is. */
export function networkOf(address: string): string {
  if (isIPv4(address)) return ipv4Network(address);
  if (!isIPv6(address)) return address;
  const v6 = new Address6(address);
  if (v6.isMapped4()) return ipv4Network(v6.to4().correctForm());
  return `${new Address6(`${v6.correctForm()}/${IPV6_NETWORK_BITS}`).startAddress().correctForm()}/${IPV6_NETWORK_BITS}`;
}

function ipv4Network(address: string): string {
  const [a, b, c] = address.split('.');
  return `${a}.${b}.${c}.0/${IPV4_NETWORK_BITS}`;
}

/** What `TRUST_PROXY=true` stands for: a proxy on the same machine, reached over loopback. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** `10.0.0.0/8`, `::1` (a whole address) and the like as parts; null when it is neither. */
export function parseSubnet(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || address.includes('%')) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > bits) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * Fastify's trustProxy for the listed proxies: only a peer in the list is believed, and only
 * for one hop (the last X-Forwarded-For entry, which that proxy appended). Trusting further
 * hops would let a client behind a listed address write its own address.
 */
export function trustedPeer(subnets: readonly string[]): (address: string, hop: number) => boolean {
  const list = new BlockList();
  for (const subnet of subnets) {
    const parsed = parseSubnet(subnet);
    if (!parsed) throw new Error(`not an IP address or CIDR: ${subnet}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address, hop) => {
    const version = isIP(address);
    return hop === 0 && version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Drops X-Forwarded-For when its last entry (the one a trusted proxy appended, trimmed as
 * Fastify's parser trims it) is not an IP address: a proxy that passed a client's text on
 * unchecked must not make that text the client's address (in the logs and as a rate-limit
 * key anyone could vary). The request then counts as the proxy's own, one budget for all such
 * requests, which cannot spend anybody else's.
 */
export function dropUnusableForwardedFor(headers: IncomingHttpHeaders): void {
  const header = headers['x-forwarded-for'];
  if (typeof header !== 'string') return;
  const last =
    header
      .split(',')
      .at(-1)
      ?.replace(/^[ \t]+|[ \t]+$/g, '') ?? '';
  if (isIP(last) === 0) delete headers['x-forwarded-for'];
}
