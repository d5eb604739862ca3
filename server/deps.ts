import type { TotpSecrets } from "./auth/totp-secrets"
import type { OutboxWorker } from "./outbox"
import type { Readiness } from "./readiness"
import type { LiveSite } from "./releases/live-site"
import type { Publisher } from "./releases/publisher"
import type { Clock, Store } from "./store"
import type { StoreWritability } from "./store-writability"

/**
 * What the route plugins are given, built once by app.ts so that routes never import the app;
 * each plugin's options add the settings it reads, which app.ts picks from the Config.
 */
export interface Deps {
  store: Store
  now: Clock
  /** Delivers the mails and webhooks queued in the store's outbox (server/outbox/). */
  outbox: OutboxWorker
  /**
   * The live release (or PUBLIC_DIR before the first): served by routes/static-site.ts, and a
   * form posted without JavaScript that fails comes back as its page (routes/form-posts.ts).
   */
  site: LiveSite
  /** Builds releases and switches the live one (server/releases/). */
  publisher: Publisher
  readiness: Readiness
  /** Whether the store accepts writes (disk full, read-only): /readyz and the error handler ask it. */
  storeWritability: StoreWritability
  /** Seals and opens the TOTP secrets the store keeps (auth/totp-secrets.ts), with the key checked at start-up. */
  totpSecrets: TotpSecrets
}
