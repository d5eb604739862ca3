import type { Config } from "../config"
import type { Message } from "../store/messages"
import { fill, mailTexts, messageIdHeader } from "./mail-texts"

/** Their message as a mail quotes it: each line behind "> ". */
export const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n")

/**
 * The acknowledgement to the sender, in the language they were reading
 * (content/locales/<language>/contact-mail.json), quoting their message. Replies go to the team.
 */
export function ackMail(message: Message, config: Config, deliveryId: string) {
  const texts = mailTexts("contact-mail", message.language, ["ack.subject", "ack.body"] as const)
  const values = {
    brand: texts.brand,
    name: message.name,
    message: quote(message.message),
    siteUrl: config.siteUrl,
  }
  return {
    from: config.mailFrom,
    to: { name: message.name, address: message.email },
    replyTo: config.contactNotifyTo ?? undefined,
    subject: fill(texts["ack.subject"], values),
    text: fill(texts["ack.body"], values),
    messageId: messageIdHeader(deliveryId, config.siteUrl),
    // RFC 3834: an automatic answer; autoresponders must not answer it back.
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
  }
}
