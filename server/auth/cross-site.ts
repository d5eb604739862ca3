import type { FastifyRequest } from "fastify"

/**
 * An origin as scheme, host and port, with the scheme's default port left out, so that
 * "http://localhost:80" and "http://localhost" are one origin and "http://localhost:8080"
 * another. Null for anything that is not an http(s) origin ("null", garbage).
 */
export function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null
  } catch {
    return null
  }
}

/** The origin this request was sent to, as the browser would write it in Origin. */
export const ownOrigin = (request: FastifyRequest) =>
  normalOrigin(`${request.protocol}://${request.host}`)

/**
 * True when a browser says the request comes from another origin. Origin is compared whole
 * (scheme, host and port: another port on the same host is another origin) with the request's
 * own origin and `allowedOrigins`; Sec-Fetch-Site covers browsers that leave Origin out.
 * Clients that send neither (curl, scripts) are not browsers and carry no ambient cookie, so
 * they are let through.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const fetchSite = request.headers["sec-fetch-site"]
  const header = request.headers.origin
  const origin = header === undefined ? undefined : normalOrigin(header)
  const allowed = (candidate: string | null | undefined) =>
    candidate != null &&
    (candidate === ownOrigin(request) ||
      allowedOrigins.some((entry) => normalOrigin(entry) === candidate))
  if (header !== undefined && !allowed(origin)) return true
  if (fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none") return false
  // "same-site" is another origin of the same site: allowed only when it is a known origin.
  return !(fetchSite === "same-site" && origin != null && allowed(origin))
}
