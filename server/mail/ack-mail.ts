import { fill, pickTexts } from "../../content-kit/copy"
import type { Config } from "../config"
import { quoteSummary } from "../quotes/summary"
import { messageReference } from "../store/message-reference"
import type { Message } from "../store/messages"
import { messageIdHeader } from "./message-id"

/**
 * The acknowledgement to the sender, in the language they were reading
 * (content/locales/<language>/contact-mail.json). The address has proved nothing (anyone can
 * type anyone's), so the mail carries nothing the visitor wrote, not even their name in the
 * To header: only the message's reference, the company's promise and where it was sent from.
 * Otherwise the form would mail a stranger's text from the company's address (docs/LEADS.md).
 * Replies go to the team. A quote request's acknowledgement repeats its estimate, said to be
 * indicative (content/locales/<language>/estimate.json): the study is made of choices from the
 * rate card and numbers, computed by the server, never text the visitor wrote.
 */
export function ackMail(message: Message, config: Config, deliveryId: string) {
  const quote = message.kind === "quote" ? message.quote : undefined
  const [ns, subject, body] = quote
    ? (["estimate", "mail.subject", "mail.body"] as const)
    : (["contact-mail", "ack.subject", "ack.body"] as const)
  const texts = pickTexts(config.contentDir, ns, message.language, [subject, body])
  const values = {
    brand: texts.brand,
    reference: messageReference(message.id),
    siteUrl: config.siteUrl,
    summary: quote ? quoteSummary(quote, config.contentDir, message.language) : "",
  }
  return {
    from: config.mailFrom,
    to: message.email,
    replyTo: config.contactNotifyTo ?? undefined,
    subject: fill(texts[subject], values),
    text: fill(texts[body], values),
    messageId: messageIdHeader(deliveryId, config.siteUrl),
    // RFC 3834: an automatic answer; autoresponders must not answer it back.
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
  }
}
