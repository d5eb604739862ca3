import ipaddr from "ipaddr.js"

/**
 * The unit every per-address limit counts by: an IPv4 address, or the /64 network of an IPv6
 * one. A single IPv6 subscriber is routinely given a whole /64 (2^64 addresses), so counting
 * each address apart would give one person endless fresh addresses; a /64 is what an IPv4
 * address is to them. IPv4-mapped IPv6 addresses (::ffff:192.0.2.1) count as the IPv4 address.
 * Anything that is not an address (a test's made-up peer) is its own group.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const parsed = ipaddr.parse(ip)
  if (parsed.kind() === "ipv4") return parsed.toString()
  const v6 = parsed as ipaddr.IPv6
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`
}
