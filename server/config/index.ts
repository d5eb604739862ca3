import type { KeyObject } from "node:crypto"
import path from "node:path"
import { locateContent } from "../../content-kit/locate"
import { REPOSITORY } from "../../content-kit/repository"
import { MIN_PASSWORD_LENGTH } from "../../contract/session"
import { USERNAME_PATTERN } from "../../contract/team"
import type { RateLimit } from "../store/sliding-window"
import { loadOutboxConfig, type OutboxConfig } from "./outbox"
import { loadReleasesConfig, type ReleasesConfig } from "./releases"
import { parseTotpKey, TOTP_KEY_FORMAT } from "./totp-key"

// Every environment variable the server reads is declared here and nowhere else.

/** COOKIE_SECURE: whether cookies are marked Secure: as the request came (auto), always, or never. */
export const COOKIE_SECURE = ["auto", "always", "never"] as const
export type CookieSecure = (typeof COOKIE_SECURE)[number]
export interface Config extends OutboxConfig, ReleasesConfig {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | null
  adminUsername: string
  adminPassword: string | null
  smtpUrl: string | null
  contactNotifyTo: string | null
  mailFrom: string
  siteUrl: string
  apiUrl: string | null
  /** Proxy hops in front of the server whose X-Forwarded-* headers are believed (0: none). */
  trustProxy: number
  /** Whether the session cookie is marked Secure: as the request came (auto), always, or never. */
  cookieSecure: CookieSecure
  contactRateLimit: RateLimit | null
  /** Beacon posts counted per address (IPv4, or IPv6 /64) and process; more are not counted. */
  eventRateLimit: RateLimit | null
  /** Messages and subscriptions older than this are purged (spam after 30 days). */
  retentionMonths: number
  publicDir: string
  /** The site's copy (content/), read by the admin's translation-status count. */
  contentDir: string
  /**
   * CMS_ENABLED: whether /cms/ (Sveltia CMS) is served. Off by default in production: it would
   * share the admin API's origin (docs/SECURITY.md, "/cms/ and the admin's origin").
   */
  cmsEnabled: boolean
  /** The git host's API that /cms/ may reach (its CSP connect-src): GitHub, GitLab, Gitea/Forgejo. */
  cmsGitApiOrigin: string
  logLevel: string
  production: boolean
  /** After SIGTERM, how long /readyz answers 503 while requests are still served (operations). */
  shutdownDrainMs: number
  /** Bound on the whole graceful stop, drain included; past it the process exits 1. */
  shutdownTimeoutMs: number
  /** How often housekeeping runs, once across all instances sharing the store. */
  housekeepingEveryMs: number
  /** Bearer token for GET /metrics; null: /metrics answers 404. */
  metricsToken: string | null
  /** ADMIN_REQUIRE_2FA: owners must turn on TOTP before they can do anything else. */
  adminRequire2fa: boolean
  /**
   * TOTP_ENCRYPTION_KEY, which seals the TOTP secrets in the store; null: DATA_DIR/totp.key
   * (auth/totp-key-file.ts).
   */
  totpEncryptionKey: KeyObject | null
  /** ANALYTICS=off: no POST /api/event, no Audience view, nothing counted (server/audience/, docs/AUDIENCE.md). */
  analytics: boolean
  /**
   * EVENT_PORT: a second port, served by a thread of its own, that takes POST /api/event only
   * (server/event-worker/thread.ts); null: the app's own port takes the events too.
   */
  eventPort: number | null
  /** Raw beacon events are deleted after this many days (ANALYTICS_EVENT_DAYS, 30). */
  analyticsEventDays: number
  /** Their daily counts are deleted after this many months (ANALYTICS_ROLLUP_MONTHS, 25). */
  analyticsRollupMonths: number
}

export class ConfigError extends Error {}

/**
 * Variables whose value is, or holds, a secret (a password, a token, credentials in a URL, a
 * chat service's webhook URL): an error names the variable and its rule, never the value,
 * since start-up errors end up in the journal.
 */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  "ADMIN_PASSWORD",
  "DATABASE_URL",
  "SMTP_URL",
  "WEBHOOK_URLS",
  "WEBHOOK_SECRET",
  "METRICS_TOKEN",
  "TOTP_ENCRYPTION_KEY",
  "NEW_TOTP_ENCRYPTION_KEY",
  "PUBLISH_WEBHOOK_SECRET",
  "PUBLISH_REPO",
])

/** What an error message says of a variable's value: the value itself, or only its length for a secret. */
export function shownValue(name: string, value: string | undefined): string {
  if (!SECRET_VARIABLES.has(name)) return `got ${JSON.stringify(value)}`
  return value === undefined ? "not set" : `got ${value.length} characters; the value is not shown`
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const get = (name: string) => {
    const value = env[name]?.trim()
    return value ? value : null
  }
  const fail = (name: string, why: string): never => {
    throw new ConfigError(`${name}: ${why} (${shownValue(name, env[name])})`)
  }

  const port = Number(get("PORT") ?? "8000")
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail("PORT", "must be an integer from 0 to 65535")

  const url = (name: string, protocols: string[]) => {
    const value = get(name)
    if (value === null) return null
    try {
      const parsed = new URL(value)
      if (!protocols.includes(parsed.protocol)) fail(name, `must use ${protocols.join(" or ")}`)
    } catch (error) {
      if (error instanceof ConfigError) throw error
      fail(name, "must be a URL")
    }
    return value
  }

  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"])
  const smtpUrl = url("SMTP_URL", ["smtp:", "smtps:"])
  const siteUrl = new URL(url("SITE_URL", ["http:", "https:"]) ?? "http://localhost:8000").origin
  const apiUrl = url("GATSBY_API_URL", ["http:", "https:"])

  const email = (name: string) => {
    const value = get(name)
    if (value !== null && !/^[^\s@]+@[^\s@]+$/.test(value)) fail(name, "must be an email address")
    return value
  }
  const contactNotifyTo = email("CONTACT_NOTIFY_TO")
  if (smtpUrl && !contactNotifyTo) fail("CONTACT_NOTIFY_TO", "is required when SMTP_URL is set")

  const adminUsername = (get("ADMIN_USERNAME") ?? "admin").toLowerCase()
  if (!new RegExp(USERNAME_PATTERN).test(adminUsername))
    fail("ADMIN_USERNAME", "must be 1-64 of a-z 0-9 . _ @ -")
  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null
  if (adminPassword !== null && adminPassword.length < MIN_PASSWORD_LENGTH)
    fail("ADMIN_PASSWORD", `must have at least ${MIN_PASSWORD_LENGTH} characters`)

  // A hop count, not "true": trusting every hop takes the left-most X-Forwarded-For entry,
  // which any client writes (docs/SECURITY.md).
  const trustProxy =
    parseHops(get("TRUST_PROXY")) ??
    fail(
      "TRUST_PROXY",
      "must be the number of proxies in front of the server (0, 1, 2...; at most 10); true/yes/on are not accepted",
    )
  const cookieSecure = (get("COOKIE_SECURE") ?? "auto").toLowerCase()
  if (!(COOKIE_SECURE as readonly string[]).includes(cookieSecure))
    fail("COOKIE_SECURE", "must be auto, always or never")

  const contactRateLimit = parseRateLimit(get("CONTACT_RATE_LIMIT") ?? "5/10m")
  if (contactRateLimit === "invalid") {
    return fail(
      "CONTACT_RATE_LIMIT",
      'must be "0", a count per 10 minutes, or "<count>/<n><s|m|h>" such as "5/10m"',
    )
  }

  const eventRateLimit = parseRateLimit(get("EVENT_RATE_LIMIT") ?? "120/1m")
  if (eventRateLimit === "invalid")
    return fail("EVENT_RATE_LIMIT", 'must be "0" or "<count>/<n><s|m|h>" such as "120/1m"')

  const retentionMonths = Number(get("RETENTION_MONTHS") ?? "24")
  if (!Number.isInteger(retentionMonths) || retentionMonths < 1 || retentionMonths > 120) {
    fail("RETENTION_MONTHS", "must be a whole number of months from 1 to 120")
  }

  const logLevel = get("LOG_LEVEL") ?? "info"
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    fail("LOG_LEVEL", "must be one of fatal, error, warn, info, debug, trace, silent")
  }

  const production = env.NODE_ENV === "production"
  // Mail links and the admin's allowed origin come from SITE_URL: localhost would break both.
  if (production && get("SITE_URL") === null)
    fail(
      "SITE_URL",
      "is required when NODE_ENV=production (the public origin, e.g. https://www.example.com)",
    )
  const operations = operationsConfig(get, fail, production)
  const outbox = loadOutboxConfig(get, fail, smtpUrl !== null)
  const adminRequire2fa =
    parseBoolean(get("ADMIN_REQUIRE_2FA")) ??
    fail("ADMIN_REQUIRE_2FA", "must be 1/0, true/false, yes/no or on/off")
  const totpKeyText = get("TOTP_ENCRYPTION_KEY")
  const totpEncryptionKey = totpKeyText === null ? null : parseTotpKey(totpKeyText)
  if (totpKeyText !== null && totpEncryptionKey === null)
    fail("TOTP_ENCRYPTION_KEY", `must be ${TOTP_KEY_FORMAT}`)

  const analytics = analyticsConfig(get, fail)
  const cmsEnabled =
    get("CMS_ENABLED") === null
      ? !production
      : (parseBoolean(get("CMS_ENABLED")) ?? fail("CMS_ENABLED", "must be on or off"))

  return {
    ...outbox,
    ...analytics,
    ...loadReleasesConfig(get, fail, REPOSITORY),
    host: get("HOST") ?? "127.0.0.1",
    port,
    dataDir: path.resolve(get("DATA_DIR") ?? path.join(REPOSITORY, "data")),
    databaseUrl,
    adminUsername,
    adminPassword,
    smtpUrl,
    contactNotifyTo,
    mailFrom: email("MAIL_FROM") ?? `no-reply@${new URL(siteUrl).hostname}`,
    siteUrl,
    apiUrl: apiUrl ? new URL(apiUrl).origin : null,
    trustProxy,
    cookieSecure: cookieSecure as CookieSecure,
    contactRateLimit,
    eventRateLimit,
    retentionMonths,
    publicDir: path.resolve(get("PUBLIC_DIR") ?? path.join(REPOSITORY, "public")),
    contentDir: locateContent(env),
    cmsEnabled,
    cmsGitApiOrigin: cmsGitApiOrigin(get("CMS_GIT_API_ORIGIN")),
    logLevel,
    production,
    ...operations,
    adminRequire2fa,
    totpEncryptionKey,
  }
}

function parseHops(value: string | null): number | undefined {
  if (value === null || ["false", "no", "off"].includes(value.toLowerCase())) return 0
  return /^\d{1,2}$/.test(value) && Number(value) <= 10 ? Number(value) : undefined
}

function operationsConfig(
  get: (name: string) => string | null,
  fail: (name: string, why: string) => never,
  production: boolean,
) {
  const milliseconds = (name: string, fallback: number, max: number) => {
    const value = Number(get(name) ?? fallback)
    if (!Number.isInteger(value) || value < 0 || value > max)
      fail(name, `must be a whole number of milliseconds from 0 to ${max}`)
    return value
  }
  // A drain window only helps a balancer that polls /readyz; on a laptop it only slows Ctrl-C.
  const shutdownDrainMs = milliseconds("SHUTDOWN_DRAIN_MS", production ? 5_000 : 0, 120_000)
  const shutdownTimeoutMs = milliseconds("SHUTDOWN_TIMEOUT_MS", shutdownDrainMs + 10_000, 600_000)
  if (shutdownTimeoutMs <= shutdownDrainMs)
    fail("SHUTDOWN_TIMEOUT_MS", "must be longer than SHUTDOWN_DRAIN_MS")
  const housekeepingEveryMs = milliseconds("HOUSEKEEPING_EVERY_MS", 3_600_000, 7 * 86_400_000)
  if (housekeepingEveryMs < 1000) fail("HOUSEKEEPING_EVERY_MS", "must be at least 1000")
  const metricsToken = get("METRICS_TOKEN")
  if (metricsToken !== null && metricsToken.length < 16)
    fail("METRICS_TOKEN", "must have at least 16 characters")
  return { shutdownDrainMs, shutdownTimeoutMs, housekeepingEveryMs, metricsToken }
}

function analyticsConfig(
  get: (name: string) => string | null,
  fail: (name: string, why: string) => never,
) {
  const analytics = parseBoolean(get("ANALYTICS") ?? "on") ?? fail("ANALYTICS", "must be on or off")
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(get(name) ?? fallback)
    if (!Number.isInteger(value) || value < min || value > max)
      fail(name, `must be a whole number from ${min} to ${max}`)
    return value
  }
  const eventPort = get("EVENT_PORT") === null ? null : Number(get("EVENT_PORT"))
  if (eventPort !== null && (!Number.isInteger(eventPort) || eventPort < 0 || eventPort > 65535))
    fail("EVENT_PORT", "must be an integer from 0 to 65535")
  return {
    analytics,
    eventPort,
    // The rollups are made from the raw events of finished days: they must outlive them.
    analyticsEventDays: whole("ANALYTICS_EVENT_DAYS", 30, 2, 90),
    analyticsRollupMonths: whole("ANALYTICS_ROLLUP_MONTHS", 25, 4, 120),
  }
}

function parseBoolean(value: string | null): boolean | undefined {
  if (value === null) return false
  const v = value.toLowerCase()
  if (["1", "true", "yes", "on"].includes(v)) return true
  if (["0", "false", "no", "off"].includes(v)) return false
  return undefined
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const

// null means "disabled".
function parseRateLimit(value: string): RateLimit | null | "invalid" {
  const match = /^(\d{1,6})(?:\/(\d{1,4})([smh]))?$/.exec(value)
  if (!match) return "invalid"
  const max = Number(match[1])
  if (max === 0) return null
  const windowMs = match[2]
    ? Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS]
    : 10 * 60_000
  return windowMs > 0 ? { max, windowMs } : "invalid"
}

/** An https origin (or http on loopback, for a local Gitea); anything else stops the start. */
function cmsGitApiOrigin(value: string | null): string {
  if (value === null) return "https://api.github.com"
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(
      `CMS_GIT_API_ORIGIN must be a URL such as https://api.github.com (got "${value}")`,
    )
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new ConfigError(`CMS_GIT_API_ORIGIN must use https (got "${value}")`)
  }
  return url.origin
}
