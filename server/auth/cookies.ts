import type { FastifyReply, FastifyRequest } from "fastify"

// Written here rather than with @fastify/cookie: its 11.1 line loads `cookie` through a
// dynamic import() that jest cannot run without --experimental-vm-modules, and one
// cookie of base64url characters needs no general parser.

/** The value of cookie `name`, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie
  if (!header) return null
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=")
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim()
  }
  return null
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
) {
  const attributes = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Strict",
  ]
  if (options.secure) attributes.push("Secure")
  reply.header("set-cookie", attributes.join("; "))
}
