// Threat: configuration errors that print secrets (issue 21, finding 6). A bad ADMIN_PASSWORD,
// DATABASE_URL, SMTP_URL, WEBHOOK_SECRET or METRICS_TOKEN was echoed in the error, and so in
// the journal. Now an error names the variable and its rule, and of a secret-bearing
// variable's value only its length. See docs/SECURITY.md.
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { REPOSITORY } from "../../content-kit/repository"
import { entryArgs } from "../bundle/entries"
import { ConfigError, loadConfig, SECRET_VARIABLES } from "./"

// A marker inside each bad value: it must appear in no message.
const SECRET = "hunter2-Zq8"

/** Per secret-bearing variable: an environment where its value breaks a rule, and the rule. */
const CASES: { name: string; env: Record<string, string>; rule: RegExp }[] = [
  {
    name: "PUBLISH_WEBHOOK_SECRET",
    env: { PUBLISH_WEBHOOK_SECRET: SECRET },
    rule: /must have at least 16 characters/,
  },
  {
    name: "PUBLISH_REPO",
    env: { PUBLISH_REPO: `--upload-pack=${SECRET}` },
    rule: /must be a repository URL or path/,
  },
  {
    name: "ADMIN_PASSWORD",
    env: { ADMIN_PASSWORD: `${SECRET}` },
    rule: /must have at least 12 characters/,
  },
  {
    name: "DATABASE_URL",
    env: { DATABASE_URL: `mysql://shop:${SECRET}@db.internal:3306/site` },
    rule: /must use postgres: or postgresql:/,
  },
  {
    name: "DATABASE_URL",
    env: { DATABASE_URL: `postgres://shop:${SECRET}@db internal/site` },
    rule: /must be a URL/,
  },
  {
    name: "SMTP_URL",
    env: { SMTP_URL: `https://mailer:${SECRET}@smtp.example.com` },
    rule: /must use smtp: or smtps:/,
  },
  {
    name: "WEBHOOK_SECRET",
    env: { WEBHOOK_SECRET: SECRET, WEBHOOK_URLS: "https://hooks.example.com/a" },
    rule: /must hold at least 16 bytes/,
  },
  {
    name: "WEBHOOK_URLS",
    env: {
      WEBHOOK_URLS: `https://hooks.example.com/a, slack:ftp://hooks.slack.com/services/T0/B0/${SECRET}`,
      WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
    rule: /entry 2 of 2 is not an http\(s\) URL, slack:URL or teams:URL/,
  },
  {
    name: "WEBHOOK_URLS",
    env: {
      WEBHOOK_URLS: [1, 2]
        .map(() => `slack:https://hooks.slack.com/services/T0/B0/${SECRET}`)
        .join(","),
    },
    rule: /lists the same entry twice/,
  },
  {
    name: "METRICS_TOKEN",
    env: { METRICS_TOKEN: SECRET },
    rule: /must have at least 16 characters/,
  },
  {
    name: "TOTP_ENCRYPTION_KEY",
    env: { TOTP_ENCRYPTION_KEY: `${SECRET} is not 32 bytes` },
    rule: /must be 32 random bytes as 64 hex digits or 44 base64 characters/,
  },
]

function messageOf(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error("loadConfig accepted the bad value")
}

describe("security: configuration errors never print a secret", () => {
  it.each(CASES)("names $name and its rule, without its value ($rule)", ({ name, env, rule }) => {
    const message = messageOf(env)
    expect(message.startsWith(`${name}: `)).toBe(true)
    expect(message).toMatch(rule)
    expect(message).toContain("the value is not shown")
    expect(message).not.toContain(SECRET)
    expect(message).not.toContain("hooks.slack.com/services")
  })

  it("covers every secret-bearing variable the server reads", () => {
    const tested = new Set(CASES.map((c) => c.name))
    // The rotation command's own variable is tested with the command (admin-cli.test.ts).
    expect([...SECRET_VARIABLES].filter((name) => !tested.has(name))).toEqual([
      "NEW_TOTP_ENCRYPTION_KEY",
    ])
  })

  it("still shows the value of a variable that holds no secret", () => {
    expect(messageOf({ PORT: "eighty" })).toBe(
      'PORT: must be an integer from 0 to 65535 (got "eighty")',
    )
  })

  it("keeps the secret out of what the real process writes when it refuses to start", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "config-secrets-"))
    try {
      const child = spawn(process.execPath, entryArgs("main"), {
        cwd: REPOSITORY,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: `mysql://shop:${SECRET}@db.internal/site`,
          PORT: "0",
        },
        stdio: ["ignore", "pipe", "pipe"],
      })
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
      expect(code).toBe(2)
      expect(output).toContain("Configuration error: DATABASE_URL: must use postgres:")
      expect(output).not.toContain(SECRET)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})
