import fs from "node:fs"
import path from "node:path"
import nodemailer from "nodemailer"
import { DEFAULT_LANGUAGE } from "../../contract/languages"
import type { Config } from "../config"

const LOCALES = path.resolve(__dirname, "../../content/locales")

type MailTexts = { subject: string; body: string }

export interface PendingSubscription {
  email: string
  language: string
  token: string
}

export interface NewsletterMailer {
  /** Mails the link that confirms a subscription (double opt-in); rejects when sending fails. */
  sendConfirmation(subscription: PendingSubscription): Promise<void>
  close(): void
}

function readJson(language: string, ns: string): Record<string, unknown> {
  const file = path.join(LOCALES, language, `${ns}.json`)
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
}

/** The mail's words from content/locales/<language>/newsletter-mail.json, French where one is missing. */
export function mailTexts(language: string): MailTexts & { brand: string } {
  const read = (lang: string): Record<string, unknown> => ({ ...readJson(lang, "newsletter-mail"), brand: (readJson(lang, "common").brand as { name?: string } | undefined)?.name })
  const [own, french] = [read(language), read(DEFAULT_LANGUAGE)]
  const pick = (key: keyof MailTexts | "brand"): string => String(typeof own[key] === "string" && own[key] ? own[key] : french[key])
  return { subject: pick("subject"), body: pick("body"), brand: pick("brand") }
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)

export function confirmationMail(subscription: PendingSubscription, config: Config, texts = mailTexts(subscription.language)) {
  const values = { brand: texts.brand, email: subscription.email, confirmUrl: `${config.siteUrl}/api/newsletter/confirm?token=${subscription.token}` }
  return {
    from: config.mailFrom,
    to: subscription.email,
    subject: fill(texts.subject, values),
    text: fill(texts.body, values),
    // An automatic answer to a request: out-of-office replies should not answer it back.
    headers: { "Auto-Submitted": "auto-generated" },
  }
}

export function createNewsletterMailer(config: Config): NewsletterMailer {
  const transport = nodemailer.createTransport(config.smtpUrl!)
  // Read once: the words change with a deployment, not while the server runs.
  const texts = new Map<string, ReturnType<typeof mailTexts>>()
  const textsFor = (language: string) => texts.get(language) ?? texts.set(language, mailTexts(language)).get(language)!
  return {
    async sendConfirmation(subscription) {
      await transport.sendMail(confirmationMail(subscription, config, textsFor(subscription.language)))
    },
    close: () => transport.close(),
  }
}
