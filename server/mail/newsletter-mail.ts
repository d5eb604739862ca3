import { fill, pickTexts } from "../../content-kit/copy"
import { endpoints } from "../../contract/endpoints"
import type { Config } from "../config"
import { messageIdHeader } from "./message-id"

export interface PendingSubscription {
  email: string
  language: string
  token: string
}

/** The mail with the link that confirms a subscription (double opt-in), in the subscriber's language. */
export function confirmationMail(
  subscription: PendingSubscription,
  config: Config,
  deliveryId: string,
) {
  const texts = pickTexts(config.contentDir, "newsletter-mail", subscription.language, [
    "subject",
    "body",
  ] as const)
  const values = {
    brand: texts.brand,
    email: subscription.email,
    confirmUrl: `${config.siteUrl}${endpoints.openConfirmLink.path}?token=${subscription.token}`,
  }
  return {
    from: config.mailFrom,
    to: subscription.email,
    subject: fill(texts.subject, values),
    text: fill(texts.body, values),
    messageId: messageIdHeader(deliveryId, config.siteUrl),
    // An automatic answer to a request: out-of-office replies should not answer it back.
    headers: { "Auto-Submitted": "auto-generated" },
  }
}
