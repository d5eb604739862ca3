/**
 * Fastify's `trustProxy` for TRUST_PROXY hops. Fastify 5.12 reads a bare number as "trust
 * nothing", so the hop count is given as proxy-addr's function: the socket's peer and the
 * `hops - 1` entries it appended last (the right-most of X-Forwarded-For) are trusted; the
 * client is the entry just before them, and anything a client wrote further left is ignored.
 * Only valid when the server cannot be reached except through those proxies.
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false
}
