import { fill, pickTexts } from "../../content-kit/copy"
import { escapeText } from "../../contract/markup"
import type { Config } from "../config"
import type { WebhookFormat } from "../config/outbox"
import type { Message } from "../store/messages"

/** The event a webhook carries: a new message, or a test sent from the admin. */
export type WebhookEvent =
  { type: "message.created"; message: Message } | { type: "webhook.test"; at: string }

export const adminMessageUrl = (config: Config, id: string) =>
  `${config.siteUrl}/admin/messages/${encodeURIComponent(id)}`

/** Standard Webhooks payload: `type`, `timestamp`, `data`. The same bytes on every attempt. */
function standardBody(event: WebhookEvent, config: Config): object {
  if (event.type === "webhook.test")
    return { type: event.type, timestamp: event.at, data: { site: config.siteUrl } }
  const m = event.message
  return {
    type: event.type,
    timestamp: m.createdAt,
    data: {
      id: m.id,
      createdAt: m.createdAt,
      kind: m.kind,
      name: m.name,
      email: m.email,
      company: m.company,
      phone: m.phone,
      message: m.message,
      language: m.language,
      page: m.page,
      ...(m.quote ? { quote: m.quote } : {}),
      adminUrl: adminMessageUrl(config, m.id),
    },
  }
}

// Chat text is for the team: written in the site's default language.
const TEAM_LANGUAGE = "fr"
const EXCERPT = 500

/** Incoming-webhook text for Slack (`<url|label>`) or Teams (Markdown `[label](url)`), linking to the admin. */
function chatBody(event: WebhookEvent, config: Config, format: "slack" | "teams"): object {
  const texts = pickTexts(config.contentDir, "contact-mail", TEAM_LANGUAGE, [
    "chat.text",
    "chat.quoteText",
    "chat.open",
    "chat.test",
  ] as const)
  if (event.type === "webhook.test")
    return { text: fill(texts["chat.test"], { brand: texts.brand }) }
  const m = event.message
  // Slack reads <, > and & as markup; escape them in what the visitor wrote.
  const escape = (text: string) => (format === "slack" ? escapeText(text) : text)
  const head = fill(texts[m.quote ? "chat.quoteText" : "chat.text"], {
    name: escape(m.name),
    email: escape(m.email),
    company: m.company ? ` – ${escape(m.company)}` : "",
  })
  // A quote's text is the server's own summary of its study: shown whole, as the table it is.
  const excerpt =
    m.quote || m.message.length <= EXCERPT ? m.message : `${m.message.slice(0, EXCERPT)}…`
  const quoted = escape(excerpt)
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n")
  const url = adminMessageUrl(config, m.id)
  const link =
    format === "slack" ? `<${url}|${texts["chat.open"]}>` : `[${texts["chat.open"]}](${url})`
  return { text: `${head}\n${quoted}\n${link}` }
}

export function webhookBody(event: WebhookEvent, config: Config, format: WebhookFormat): string {
  return JSON.stringify(
    format === "standard" ? standardBody(event, config) : chatBody(event, config, format),
  )
}
