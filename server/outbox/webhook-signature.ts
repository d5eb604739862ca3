import { createHmac, timingSafeEqual } from "node:crypto"

// Standard Webhooks (https://www.standardwebhooks.com): the signed content is
// `${id}.${timestamp}.${body}`, HMAC-SHA256 with the secret's bytes, base64, sent as `v1,<sig>`.

export function sign(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`
}

export function webhookHeaders(
  key: Buffer | null,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
  }
  if (key) headers["webhook-signature"] = sign(key, id, timestampSeconds, body)
  return headers
}

/**
 * What a receiver does (and what the tests do): recompute, compare in constant time, and
 * refuse timestamps more than `toleranceSeconds` away, which stops replays.
 */
export function verify(
  key: Buffer,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const id = String(headers["webhook-id"] ?? "")
  const timestamp = Number(headers["webhook-timestamp"])
  if (!id || !Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return false
  const expected = Buffer.from(sign(key, id, timestamp, body))
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((candidate) => {
      const given = Buffer.from(candidate)
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}
