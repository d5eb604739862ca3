import type { Config } from "./config"
import type { NewsletterMailer } from "./mail/newsletter-mailer"
import type { Notifier } from "./mail/notifier"
import type { Clock, Store } from "./store"

/** What every route plugin is given: built once by app.ts, so routes never import the app. */
export interface Deps {
  config: Config
  store: Store
  now: Clock
  notifier: Notifier | null
  /** Sends the newsletter's confirmation links; without SMTP_URL, subscriptions need none. */
  newsletterMailer: NewsletterMailer | null
}
