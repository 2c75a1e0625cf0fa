/**
 * The network a client address belongs to, for limits that one network must not dodge by
 * using many of its addresses: an IPv4 /24, an IPv6 /56 (the block a provider typically
 * gives one customer). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as IPv4.
 */
import { isIPv4, isIPv6 } from 'node:net';
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
