import { createHmac } from "node:crypto"

/**
 * The visitor key: HMAC-SHA256 under the day's random salt of the client address, the user
 * agent and the site. The same browser on the same network gets the same key all day; once
 * the salt is deleted, nobody (the team included) can tell whose key it was, nor link it to
 * another day's (docs/AUDIENCE.md).
 */
export function visitorKey(salt: string, address: string, userAgent: string, site: string): string {
  return createHmac("sha256", Buffer.from(salt, "base64url"))
    .update(`${address}\n${userAgent}\n${site}`)
    .digest("base64url")
    .slice(0, 22)
}
