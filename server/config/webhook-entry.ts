import type { WebhookFormat } from "../../contract/outbox"

// The syntax of one WEBHOOK_URLS entry: read at start-up, and by the admin's deliveries, which
// name a webhook by its entry and show only its origin.

export interface WebhookTarget {
  /** The WEBHOOK_URLS entry as written: outbox rows name their target by it. */
  entry: string
  format: WebhookFormat
  url: string
}

const FORMATS: Record<string, WebhookFormat> = { slack: "slack", teams: "teams" }

export function parseWebhookEntry(entry: string): WebhookTarget | null {
  const match = /^(slack|teams):(https?:.*)$/i.exec(entry)
  const format = match ? FORMATS[match[1].toLowerCase()] : "standard"
  const url = match ? match[2] : entry
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null
  } catch {
    return null
  }
  return { entry, format, url }
}
