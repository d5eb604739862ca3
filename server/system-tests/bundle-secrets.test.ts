import fs from "node:fs"
import path from "node:path"

const PUBLIC = path.resolve(__dirname, "../..", "public")
const built = fs.existsSync(path.join(PUBLIC, "index.html"))

// What must never reach the browser: server-side names and values, and key material.
const FORBIDDEN = [
  "ADMIN_PASSWORD",
  "SMTP_URL",
  "DATABASE_URL",
  "TEST_DATABASE_URL",
  "$argon2",
  "-----BEGIN",
  "postgres://",
  "postgresql://",
  "smtp://",
  "smtps://",
  "site.sqlite",
  ...["ADMIN_PASSWORD", "SMTP_URL", "DATABASE_URL"]
    .map((name) => process.env[name])
    .filter((value): value is string => !!value && value.length >= 6),
]

function* clientFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* clientFiles(full)
    else if (/\.(js|html|json)$/.test(entry.name)) yield full
  }
}

if (!built) {
  console.warn(
    "SKIPPED: public/ is not built, so the bundle secrets test did not run (npm run build; CI builds first).",
  )
}

;(built ? describe : describe.skip)("the built client bundle", () => {
  it("holds no credential, secret or server-only setting", () => {
    const found: string[] = []
    for (const file of clientFiles(PUBLIC)) {
      const text = fs.readFileSync(file, "utf8")
      for (const secret of FORBIDDEN)
        if (text.includes(secret))
          found.push(
            `${path.relative(PUBLIC, file)}: ` +
              `${secret.startsWith("-") || secret.length < 20 ? secret : "(a configured secret)"}`,
          )
    }
    expect(found).toEqual([])
  })
})
