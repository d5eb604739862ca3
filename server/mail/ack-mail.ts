import type { Config } from "../config"
import { messageReference } from "../store/message-reference"
import type { Message } from "../store/messages"
import { fill, mailTexts, messageIdHeader } from "./mail-texts"

/**
 * The acknowledgement to the sender, in the language they were reading
 * (content/locales/<language>/contact-mail.json). The address has proved nothing (anyone can
 * type anyone's), so the mail carries nothing the visitor wrote, not even their name in the
 * To header: only the message's reference, the company's promise and where it was sent from.
 * Otherwise the form would mail a stranger's text from the company's address (docs/LEADS.md).
 * Replies go to the team.
 */
export function ackMail(message: Message, config: Config, deliveryId: string) {
  const texts = mailTexts(config.contentDir, "contact-mail", message.language, [
    "ack.subject",
    "ack.body",
  ] as const)
  const values = {
    brand: texts.brand,
    reference: messageReference(message.id),
    siteUrl: config.siteUrl,
  }
  return {
    from: config.mailFrom,
    to: message.email,
    replyTo: config.contactNotifyTo ?? undefined,
    subject: fill(texts["ack.subject"], values),
    text: fill(texts["ack.body"], values),
    messageId: messageIdHeader(deliveryId, config.siteUrl),
    // RFC 3834: an automatic answer; autoresponders must not answer it back.
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
  }
}
