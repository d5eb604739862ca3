// The outbox's environment variables, read by server/config/index.ts (which declares every variable).

import type { WebhookFormat } from "../../contract/outbox"
import { parseWebhookEntry, type WebhookTarget } from "./webhook-entry"

export type { WebhookFormat }
export type { WebhookTarget }

export interface OutboxConfig {
  /** Acknowledgement mail to the sender (with SMTP_URL, unless CONTACT_ACK=0). */
  contactAck: boolean
  /** At most this many acknowledgements to one address in 24 hours. */
  contactAckPerDay: number
  webhooks: WebhookTarget[]
  /** The signing key's bytes (WEBHOOK_SECRET; `whsec_<base64>` or plain text). */
  webhookSecret: Buffer | null
  /** How long a worker holds a delivery before another may take it; renewed while a send lasts. */
  outboxLeaseMs: number
}

type Get = (name: string) => string | null
type Fail = (name: string, why: string) => never

/** The key bytes of a Standard Webhooks secret: `whsec_` then base64, or else the text itself. */
export function secretBytes(secret: string): Buffer {
  return secret.startsWith("whsec_")
    ? Buffer.from(secret.slice(6), "base64")
    : Buffer.from(secret, "utf8")
}

export function loadOutboxConfig(get: Get, fail: Fail, smtp: boolean): OutboxConfig {
  const ack = get("CONTACT_ACK")
  if (ack !== null && !["0", "1"].includes(ack))
    fail("CONTACT_ACK", "must be 1 (on, the default with SMTP_URL) or 0 (off)")

  const perDay = Number(get("CONTACT_ACK_PER_DAY") ?? "3")
  if (!Number.isInteger(perDay) || perDay < 1 || perDay > 1000)
    fail("CONTACT_ACK_PER_DAY", "must be a whole number from 1 to 1000")

  const entries = (get("WEBHOOK_URLS") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
  // Entries are named by position: a chat service's URL is its own secret.
  const webhooks = entries.map(
    (entry, i) =>
      parseWebhookEntry(entry) ??
      fail(
        "WEBHOOK_URLS",
        `entry ${i + 1} of ${entries.length} is not an http(s) URL, slack:URL or teams:URL`,
      ),
  )
  if (new Set(entries).size !== entries.length) fail("WEBHOOK_URLS", "lists the same entry twice")

  const secret = get("WEBHOOK_SECRET")
  const key = secret === null ? null : secretBytes(secret)
  if (key !== null && key.length < 16)
    fail("WEBHOOK_SECRET", "must hold at least 16 bytes (whsec_<base64> or plain text)")
  // Standard receivers check the signature; sending them unsigned events would teach them not to.
  if (key === null && webhooks.some((w) => w.format === "standard"))
    fail("WEBHOOK_SECRET", "is required when WEBHOOK_URLS lists a plain (signed) URL")

  const leaseSeconds = Number(get("OUTBOX_LEASE_SECONDS") ?? "60")
  if (!Number.isFinite(leaseSeconds) || leaseSeconds < 1 || leaseSeconds > 3600)
    fail("OUTBOX_LEASE_SECONDS", "must be a number of seconds from 1 to 3600")

  return {
    contactAck: smtp && ack !== "0",
    contactAckPerDay: perDay,
    webhooks,
    webhookSecret: key,
    outboxLeaseMs: leaseSeconds * 1000,
  }
}
