import { startSmtp } from "./smtp"
import { type StoreKind, testApp } from "./stores"
import { fastOutbox } from "./wait-for"

/**
 * An app in the newsletter's double opt-in mode: a real SMTP server (refusing its first
 * `refusals` mails with `refusalCode`, by default a temporary error), fast outbox retries,
 * and real time (the outbox waits on it) moved ahead by `offset()` milliseconds where a
 * test needs a day to pass.
 */
export async function doubleOptInApp(
  kind: StoreKind,
  offset: () => number,
  refusals = 0,
  refusalCode = 451,
) {
  const smtp = await startSmtp(refusals, refusalCode)
  const t = await testApp(
    kind,
    {
      SMTP_URL: smtp.url,
      CONTACT_NOTIFY_TO: "team@example.com",
      MAIL_FROM: "site@example.com",
      SITE_URL: "https://www.example.com",
    },
    { now: () => Date.now() + offset(), outbox: fastOutbox() },
  )
  return { smtp, t }
}
