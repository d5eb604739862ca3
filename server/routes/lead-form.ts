// What the site's lead forms (the contact form, the quote request) share: what a new lead sets
// off, and how a post is told to be spam.
import type { Deps } from "../deps"
import type { DeliveryPlan } from "../store/messages"

// People take longer than this to fill in a form; scripts usually do not.
const MIN_FILL_MS = 2500

/** Mail needs SMTP_URL; spam sets off nothing (store/messages.ts leaves it out). */
export const leadDeliveries = (config: Deps["config"]): DeliveryPlan => ({
  notify: config.smtpUrl !== null,
  ack: config.contactAck ? { perDay: config.contactAckPerDay } : null,
  webhooks: config.webhooks.map((w) => w.entry),
})

/** The honeypot filled in, or the form sent faster than people fill it in. */
export const spamReasonOf = (body: { Website?: string; ElapsedMs?: number }) =>
  body.Website
    ? ("honeypot" as const)
    : body.ElapsedMs !== undefined && body.ElapsedMs < MIN_FILL_MS
      ? ("too_fast" as const)
      : null
