import type { Config } from "../config"
import { messageReference } from "../store/message-reference"
import type { Message } from "../store/messages"
import { messageIdHeader } from "./message-id"

export function notificationMail(message: Message, config: Config, deliveryId: string) {
  const lines = [
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    message.company && `Company: ${message.company}`,
    message.phone && `Phone: ${message.phone}`,
    message.language && `Language: ${message.language}`,
    message.page && `Page: ${config.siteUrl}${message.page}`,
    `Received: ${message.createdAt}`,
    // The sender's acknowledgement gives them this reference; a reply may quote it.
    `Reference: ${messageReference(message.id)}`,
    `Admin: ${config.siteUrl}/admin/messages/${message.id}`,
    "",
    message.message,
  ]
  return {
    from: config.mailFrom,
    to: config.contactNotifyTo!,
    replyTo: { name: message.name, address: message.email },
    subject: `New contact message from ${message.name}`,
    text: lines.filter((line) => typeof line === "string").join("\n"),
    messageId: messageIdHeader(deliveryId, config.siteUrl),
    headers: { "X-Message-Id": message.id },
  }
}
