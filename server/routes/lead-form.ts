// What the site's lead forms (the contact form, the quote request) share: what a new lead sets
// off, and how a post is told to be spam.
import type { WebhookTarget } from "../config/webhook-entry"
import type { DeliveryPlan } from "../store/messages"
import type { RateLimit } from "../store/sliding-window"

// People take longer than this to fill in a form; scripts usually do not.
const MIN_FILL_MS = 2500

/** The settings a lead form reads: its rate limit and what a lead sets off. */
export interface LeadFormSettings {
  contactRateLimit: RateLimit | null
  smtpUrl: string | null
  contactAck: boolean
  contactAckPerDay: number
  webhooks: WebhookTarget[]
}

/** Mail needs SMTP_URL; spam sets off nothing (store/messages.ts leaves it out). */
export const leadDeliveries = (settings: LeadFormSettings): DeliveryPlan => ({
  notify: settings.smtpUrl !== null,
  ack: settings.contactAck ? { perDay: settings.contactAckPerDay } : null,
  webhooks: settings.webhooks.map((w) => w.entry),
})

/** The honeypot filled in, or the form sent faster than people fill it in. */
export const spamReasonOf = (body: { Website?: string; ElapsedMs?: number }) =>
  body.Website
    ? ("honeypot" as const)
    : body.ElapsedMs !== undefined && body.ElapsedMs < MIN_FILL_MS
      ? ("too_fast" as const)
      : null
