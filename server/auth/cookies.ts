import type { FastifyReply, FastifyRequest } from "fastify"
import type { CookieSecure } from "../config"

// Written here rather than with @fastify/cookie: its 11.1 line loads `cookie` through a
// dynamic import() that jest cannot run without --experimental-vm-modules, and one
// cookie of base64url characters needs no general parser.

export type { CookieSecure }

/** Whether a cookie set in answer to a request over `protocol` is marked Secure. */
export const secureCookie = (setting: CookieSecure, protocol: string) =>
  setting === "auto" ? protocol === "https" : setting === "always"

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
