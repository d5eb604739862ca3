import type { Config } from "../config"
import type { Store } from "../store"
import type { Clock } from "../store/query-helpers"
import { errorText, failed, retry, type Sender, sent } from "./delivery"
import { type WebhookEvent, webhookBody } from "./webhook-body"
import { webhookHeaders } from "./webhook-signature"

export const WEBHOOK_TIMEOUT_MS = 10_000

/** Retry-After in seconds or as a date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/**
 * One POST per attempt. 2xx is delivered; 5xx, 429, a timeout or a network error is tried
 * again later; any other status (a 4xx, a redirect) will not get better and fails at once.
 */
export function webhookSender(
  config: Config,
  store: Store,
  now: Clock,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Sender {
  return async (row) => {
    // Only to a URL this instance is configured with: a delivery queued for an entry removed
    // since is never sent. Another instance may still have it (a rolling restart that adds
    // one), so the row is left for later, and fails for good once its attempts are spent.
    const target = config.webhooks.find((w) => w.entry === row.target)
    if (!target) return retry("the webhook is not in WEBHOOK_URLS (on this instance)")
    let event: WebhookEvent
    if (row.message_id) {
      const message = await store.messages.get(row.message_id)
      if (!message) return failed("the message was deleted")
      event = { type: "message.created", message }
    } else {
      event = {
        type: "webhook.test",
        at:
          (JSON.parse(row.payload ?? "{}") as { at?: string }).at ??
          new Date(Number(row.created_at)).toISOString(),
      }
    }
    const body = webhookBody(event, config, target.format)
    // Chat services ignore the id and timestamp, and their URL is their secret: no signature.
    const headers = webhookHeaders(
      target.format === "standard" ? config.webhookSecret : null,
      row.id,
      Math.floor(now() / 1000),
      body,
    )
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel().catch(() => {})
      if (response.status >= 200 && response.status < 300) return sent()
      if (response.status === 429 || response.status >= 500)
        return retry(
          `HTTP ${response.status}`,
          retryAfter(response.headers.get("retry-after"), now()),
        )
      return failed(`HTTP ${response.status}`)
    } catch (error) {
      return retry(
        (error as Error).name === "TimeoutError"
          ? `timeout after ${timeoutMs} ms`
          : errorText(error),
      )
    }
  }
}
