import type { FastifyRequest } from "fastify"

/**
 * True when a browser says the request comes from another site. Sec-Fetch-Site is sent by
 * current browsers; Origin covers older ones. Clients that send neither (curl, scripts)
 * are not browsers and carry no ambient cookie, so they are let through.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const fetchSite = request.headers["sec-fetch-site"]
  const origin = request.headers.origin
  const ownOrigin = `${request.protocol}://${request.host}`
  if (origin !== undefined && origin !== ownOrigin && !allowedOrigins.includes(origin)) return true
  if (fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none") return false
  // "same-site" is another origin of the same site: allowed only when it is a known origin.
  return !(fetchSite === "same-site" && origin !== undefined && allowedOrigins.includes(origin))
}
