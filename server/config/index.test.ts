import { randomBytes } from "node:crypto"
import path from "node:path"
import { ConfigError, loadConfig } from "./"

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8000,
      databaseUrl: null,
      adminUsername: "admin",
      adminPassword: null,
      smtpUrl: null,
      siteUrl: "http://localhost:8000",
      trustProxy: 0,
      cookieSecure: "auto",
      contactRateLimit: { max: 5, windowMs: 600_000 },
    })
    // The repository's own folders, wherever this module lives in server/.
    const root = path.resolve(__dirname, "../..")
    expect(config.dataDir).toBe(path.join(root, "data"))
    expect(config.publicDir).toBe(path.join(root, "public"))
    expect(config.contentDir).toBe(path.join(root, "content"))
  })

  it.each([
    ["0", null],
    ["12", { max: 12, windowMs: 600_000 }],
    ["5/10m", { max: 5, windowMs: 600_000 }],
    ["100/1h", { max: 100, windowMs: 3_600_000 }],
    ["3/30s", { max: 3, windowMs: 30_000 }],
  ])("reads CONTACT_RATE_LIMIT=%s", (value, expected) => {
    expect(loadConfig({ CONTACT_RATE_LIMIT: value }).contactRateLimit).toEqual(expected)
  })

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_URL", "not a url"],
    ["SMTP_URL", "http://mail"],
    ["SITE_URL", "localhost"],
    ["TRUST_PROXY", "maybe"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "11"],
    ["COOKIE_SECURE", "yes"],
    ["CONTACT_RATE_LIMIT", "5 per minute"],
    ["CONTACT_RATE_LIMIT", "5/0m"],
    ["ADMIN_PASSWORD", "short"],
    ["ADMIN_USERNAME", "has space"],
    ["MAIL_FROM", "nobody"],
    ["LOG_LEVEL", "loud"],
  ])("stops with a message naming %s when it is %p", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `))
  })

  it.each([
    ["0", 0],
    ["off", 0],
    ["1", 1],
    ["2", 2],
  ])("reads TRUST_PROXY=%s as %p trusted hops", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops)
  })

  it.each(["auto", "always", "never", "ALWAYS"])("reads COOKIE_SECURE=%s", (value) => {
    expect(loadConfig({ COOKIE_SECURE: value }).cookieSecure).toBe(value.toLowerCase())
  })

  it("counts the audience unless ANALYTICS=off, keeping events 30 days and daily counts 25 months by default", () => {
    expect(loadConfig({})).toMatchObject({
      analytics: true,
      analyticsEventDays: 30,
      analyticsRollupMonths: 25,
    })
    expect(
      loadConfig({ ANALYTICS: "off", ANALYTICS_EVENT_DAYS: "7", ANALYTICS_ROLLUP_MONTHS: "13" }),
    ).toMatchObject({
      analytics: false,
      analyticsEventDays: 7,
      analyticsRollupMonths: 13,
    })
    for (const env of [
      { ANALYTICS: "maybe" },
      { ANALYTICS_EVENT_DAYS: "1" },
      { ANALYTICS_EVENT_DAYS: "30.5" },
      { ANALYTICS_ROLLUP_MONTHS: "3" },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
    }
  })

  it("needs CONTACT_NOTIFY_TO when SMTP_URL is set", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:25" })).toThrow(/^CONTACT_NOTIFY_TO: /)
    expect(
      loadConfig({ SMTP_URL: "smtp://localhost:25", CONTACT_NOTIFY_TO: "team@example.com" })
        .mailFrom,
    ).toBe("no-reply@localhost")
  })
})

describe("loadConfig for operations", () => {
  it("refuses NODE_ENV=production without SITE_URL, whose localhost default would reach mail links", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /^SITE_URL: is required when NODE_ENV=production/,
    )
    expect(
      loadConfig({ NODE_ENV: "production", SITE_URL: "https://www.example.com/" }).siteUrl,
    ).toBe("https://www.example.com")
  })

  it("drains 5 s on SIGTERM in production, not in development, and bounds the stop", () => {
    expect(
      loadConfig({ NODE_ENV: "production", SITE_URL: "https://www.example.com" }),
    ).toMatchObject({ shutdownDrainMs: 5000, shutdownTimeoutMs: 15_000 })
    expect(loadConfig({})).toMatchObject({
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 10_000,
      housekeepingEveryMs: 3_600_000,
      metricsToken: null,
    })
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "5000", SHUTDOWN_TIMEOUT_MS: "4000" })).toThrow(
      /^SHUTDOWN_TIMEOUT_MS: /,
    )
  })

  it.each([
    ["SHUTDOWN_DRAIN_MS", "-1"],
    ["SHUTDOWN_TIMEOUT_MS", "1.5"],
    ["HOUSEKEEPING_EVERY_MS", "10"],
    ["METRICS_TOKEN", "short"],
  ])("stops with a message naming %s when it is %p", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `))
  })
})

describe("TOTP_ENCRYPTION_KEY", () => {
  const bytes = randomBytes(32)

  it("is optional (DATA_DIR/totp.key then), and read as hex or base64", () => {
    expect(loadConfig({}).totpEncryptionKey).toBeNull()
    for (const value of [
      bytes.toString("hex"),
      bytes.toString("base64"),
      bytes.toString("base64url"),
    ]) {
      expect(
        loadConfig({ TOTP_ENCRYPTION_KEY: value }).totpEncryptionKey!.export().equals(bytes),
      ).toBe(true)
    }
  })

  it.each([
    ["a passphrase", "my TOTP key is a long sentence"],
    ["16 bytes", randomBytes(16).toString("base64")],
    ["31 bytes of hex", randomBytes(31).toString("hex")],
    ["64 bytes", randomBytes(64).toString("base64")],
  ])("stops the start with a message naming it, without the value, when it is %s", (_, value) => {
    let message = ""
    try {
      loadConfig({ TOTP_ENCRYPTION_KEY: value })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      message = (error as Error).message
    }
    expect(message).toMatch(
      new RegExp(
        "^TOTP_ENCRYPTION_KEY: must be 32 random bytes as 64 hex digits or 44 base64 characters " +
          ".*openssl rand -base64 32",
      ),
    )
    expect(message).toContain(`got ${value.length} characters; the value is not shown`)
    expect(message).not.toContain(value)
  })
})
