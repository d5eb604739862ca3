// Threat: a copy of the database, a dump or a backup hands over every admin's second factor.
// TOTP secrets are stored sealed (AES-256-GCM) under a key kept outside the store and bound
// to their account; an instance with another key does not start. See docs/SECURITY.md.
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { inspect } from "node:util"
import { sql } from "kysely"
import { buildApp } from "../app"
import { parseTotpKey } from "../config/totp-key"
import { openStore } from "../store"
import { migrateTo } from "../store/migrations"
import { freePort, spawnServer, startServer } from "../test/server-process"
import {
  ADMIN_PASSWORD,
  describeEachStore,
  freshStoreLocation,
  signIn,
  testApp,
  type TestApp,
  testConfig,
  withRaw,
} from "../test/stores"
import { addAccount } from "../test/team"
import { hashPassword } from "./password"
import { totpCode } from "./totp"
import { keyCheckValue } from "./totp-cipher"
import { TOTP_KEY_FILE } from "./totp-key-file"
import { checkedTotpKey } from "./totp-secrets"

type Location = Awaited<ReturnType<typeof freshStoreLocation>>

const SEALED = /^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/
const STEP = 30_000

/** A connection of the test's own, to read and write the columns as they are stored. */
const storedTotp = (location: { dataDir: string; databaseUrl: string | null }, username: string) =>
  withRaw(location, (db) =>
    db
      .selectFrom("admin_users")
      .select(["id", "totp_secret", "totp_pending_secret"])
      .where("username", "=", username)
      .executeTakeFirstOrThrow(),
  )

/** Every way a key may be written: what must never show up in a log line or a message. */
const spellings = (raw: Buffer) => [
  raw.toString("hex"),
  raw.toString("hex").toUpperCase(),
  raw.toString("base64").replace(/=+$/, ""),
  raw.toString("base64url"),
]

describeEachStore("security: TOTP secrets at rest", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-05-01T09:00:05Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) })
  const login = (payload: object, remoteAddress = "192.0.2.80") =>
    t.app.inject({ method: "POST", url: "/api/admin/login", payload, remoteAddress })

  it("keeps the pending and the enabled secret sealed, never as base32, and they still verify codes", async () => {
    const cookie = await signIn(t.app)
    const { secret } = (await post(cookie, "/api/admin/totp/setup")).json()
    const pending = await storedTotp(t.config, "admin")
    expect(pending.totp_pending_secret).toMatch(SEALED)
    expect(
      await post(cookie, "/api/admin/totp/enable", {
        code: totpCode(secret, clock),
        password: ADMIN_PASSWORD,
      }),
    ).toMatchObject({ statusCode: 200 })
    const enabled = await storedTotp(t.config, "admin")
    expect([enabled.totp_secret, enabled.totp_pending_secret]).toEqual([
      expect.stringMatching(SEALED),
      null,
    ])
    expect(enabled.totp_secret).not.toBe(pending.totp_pending_secret) // sealed again, with a new IV
    // Not in any column of any row, whatever the case.
    const everything = await withRaw(t.config, (db) =>
      db.selectFrom("admin_users").selectAll().execute(),
    )
    expect(JSON.stringify(everything).toUpperCase()).not.toContain(secret)

    clock += STEP
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD, totp: totpCode(secret, clock) }))
        .statusCode,
    ).toBe(200)
    // The key stays outside the store: its check value is all there is.
    const checks = await withRaw(t.config, (db) =>
      db.selectFrom("key_checks").selectAll().execute(),
    )
    const key = parseTotpKey(fs.readFileSync(path.join(t.config.dataDir, TOTP_KEY_FILE), "utf8"))!
    expect(checks).toEqual([expect.objectContaining({ name: "totp", value: keyCheckValue(key) })])
  })

  it(
    "does not open a sealed secret copied onto another account: " +
      "409 totp_unreadable, then an owner's reset lets it enrol again",
    async () => {
      clock += STEP
      const admin = await storedTotp(t.config, "admin")
      const ownerSecret = t.totpSecrets.open(admin.id, admin.totp_secret!)!
      const owner = await login({
        username: "admin",
        password: ADMIN_PASSWORD,
        totp: totpCode(ownerSecret, clock),
      })
      const ownerCookie = `admin_session=${owner.cookies.find((c) => c.name === "admin_session")!.value}`
      const sam = await addAccount(t.app, ownerCookie, "sam", "member")
      // Someone who can write the database gives sam the owner's sealed secret.
      await withRaw(t.config, (db) =>
        db
          .updateTable("admin_users")
          .set({ totp_secret: admin.totp_secret })
          .where("id", "=", sam.id)
          .execute(),
      )

      clock += STEP
      for (const payload of [
        { username: "sam", password: sam.password },
        { username: "sam", password: sam.password, totp: totpCode(ownerSecret, clock) },
      ]) {
        const refused = await login(payload)
        expect([refused.statusCode, refused.json().error, refused.headers["set-cookie"]]).toEqual([
          409,
          "totp_unreadable",
          undefined,
        ])
        expect(refused.json().message).toMatch(/Ask an owner to reset your two-factor sign-in/)
      }
      // A wrong password still says nothing about the second factor.
      expect((await login({ username: "sam", password: "not the password" })).json().error).toBe(
        "invalid_credentials",
      )

      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/admin/users/${sam.id}/totp`,
            headers: { cookie: ownerCookie },
          })
        ).statusCode,
      ).toBe(204)
      const back = await login({ username: "sam", password: sam.password })
      expect(back.statusCode).toBe(200)
      const samCookie = `admin_session=${back.cookies.find((c) => c.name === "admin_session")!.value}`
      const { secret } = (await post(samCookie, "/api/admin/totp/setup")).json()
      expect(
        (
          await post(samCookie, "/api/admin/totp/enable", {
            code: totpCode(secret, clock),
            password: sam.password,
          })
        ).json(),
      ).toEqual({ totpEnabled: true })
    },
  )

  it("answers 409, not 500, when the pending secret no longer opens", async () => {
    clock += STEP
    const member = await addAccount(t.app, await ownerCookie(), "pia", "member")
    await post(member.cookie, "/api/admin/totp/setup")
    await withRaw(t.config, (db) =>
      db
        .updateTable("admin_users")
        .set({
          totp_pending_secret: sql`(select totp_secret from admin_users where username = 'admin')`,
        })
        .where("id", "=", member.id)
        .execute(),
    )
    const enable = await post(member.cookie, "/api/admin/totp/enable", {
      code: "123456",
      password: member.password,
    })
    expect([enable.statusCode, enable.json().error]).toEqual([409, "totp_not_started"])
    expect(enable.json().message).toMatch(/start the setup again/)
  })

  async function ownerCookie() {
    const admin = await storedTotp(t.config, "admin")
    clock += STEP
    const response = await login(
      {
        username: "admin",
        password: ADMIN_PASSWORD,
        totp: totpCode(t.totpSecrets.open(admin.id, admin.totp_secret!)!, clock),
      },
      "192.0.2.81",
    )
    return `admin_session=${response.cookies.find((c) => c.name === "admin_session")!.value}`
  }
})

describeEachStore("security: the TOTP encryption key", (kind) => {
  let location: Location
  beforeEach(async () => {
    location = await freshStoreLocation(kind)
  })
  afterEach(() => location.drop())

  const start = (env: Record<string, string> = {}) =>
    buildApp(testConfig(location, env), { logger: false })

  it("refuses to start with another key than the store's, naming TOTP_ENCRYPTION_KEY and never a key", async () => {
    const [a, b] = [randomBytes(32), randomBytes(32)]
    await (await start({ TOTP_ENCRYPTION_KEY: a.toString("base64") })).app.close()
    const refused = await start({ TOTP_ENCRYPTION_KEY: b.toString("hex") }).catch(
      (error: Error) => error,
    )
    expect(refused).toBeInstanceOf(Error)
    const message = (refused as Error).message
    expect(message).toMatch(
      new RegExp(
        "^TOTP_ENCRYPTION_KEY: this instance's key \\(from TOTP_ENCRYPTION_KEY\\) " +
          "is not the one the store's TOTP secrets are encrypted with",
      ),
    )
    expect(message).toMatch(
      /Set the same TOTP_ENCRYPTION_KEY on every instance that shares the database/,
    )
    // Without the variable, no key file is made up for a store that has a key.
    const unset = await start().catch((error: Error) => error.message)
    expect(unset).toMatch(
      /^TOTP_ENCRYPTION_KEY: .*TOTP_ENCRYPTION_KEY is unset and .*totp\.key does not exist/,
    )
    expect(fs.existsSync(path.join(location.dataDir, TOTP_KEY_FILE))).toBe(false)
    for (const shown of [message, unset])
      for (const spelling of [...spellings(a), ...spellings(b)])
        expect(shown).not.toContain(spelling)
    // The right key, in either spelling, starts.
    await (await start({ TOTP_ENCRYPTION_KEY: a.toString("hex") })).app.close()
  })

  it("as a process: exits 2 with the message on stderr, and no key in it", async () => {
    const [a, b] = [randomBytes(32), randomBytes(32)]
    const env = { DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? "" }
    const first = await startServer({ ...env, TOTP_ENCRYPTION_KEY: a.toString("base64") })
    await first.kill("SIGTERM")
    const second = spawnServer(
      { ...env, TOTP_ENCRYPTION_KEY: b.toString("base64") },
      await freePort(),
    )
    expect(await second.exited).toEqual({ code: 2, signal: null })
    expect(second.stderr()).toMatch(
      new RegExp(
        "^Configuration error: TOTP_ENCRYPTION_KEY: this instance's key " +
          ".*Set the same TOTP_ENCRYPTION_KEY on every instance",
      ),
    )
    for (const spelling of [...spellings(a), ...spellings(b)])
      expect(second.stderr() + second.stdout()).not.toContain(spelling)
  }, 60_000)

  it(
    "writes DATA_DIR/totp.key (0600) at the first start without " +
      "TOTP_ENCRYPTION_KEY, and refuses a different key after",
    async () => {
      await (await start()).app.close()
      const file = path.join(location.dataDir, TOTP_KEY_FILE)
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      await (await start()).app.close()
      await expect(
        start({ TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64") }),
      ).rejects.toThrow(/^TOTP_ENCRYPTION_KEY: this instance's key/)
      // Moving to the variable: the file's content is the value to set.
      await (await start({ TOTP_ENCRYPTION_KEY: fs.readFileSync(file, "utf8").trim() })).app.close()
      fs.writeFileSync(file, "damaged")
      await expect(start()).rejects.toThrow(/totp\.key does not hold a TOTP key/)
    },
  )

  it("lets one key win when instances with two keys start together", async () => {
    // The schema first, so that only the key check races.
    await (
      await openStore({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        now: Date.now,
      })
    ).close()
    const keys = [randomBytes(32).toString("base64"), randomBytes(32).toString("base64")]
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => start({ TOTP_ENCRYPTION_KEY: keys[i % 2] })),
    )
    const started = attempts.flatMap((attempt, i) =>
      attempt.status === "fulfilled" ? [i % 2] : [],
    )
    const refused = attempts.flatMap((attempt, i) =>
      attempt.status === "rejected" ? [[i % 2, String(attempt.reason)]] : [],
    )
    await Promise.all(
      attempts.map((attempt) =>
        attempt.status === "fulfilled" ? attempt.value.app.close() : null,
      ),
    )
    expect(started).toHaveLength(3)
    expect(new Set(started).size).toBe(1)
    for (const [key, reason] of refused) {
      expect(key).not.toBe(started[0])
      expect(reason).toMatch(/TOTP_ENCRYPTION_KEY: this instance's key/)
    }
  })

  it(
    "starts when another process sharing DATA_DIR writes the " +
      "key file and records its check just before this one looks",
    async () => {
      const store = await openStore({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        now: Date.now,
      })
      try {
        const raw = randomBytes(32)
        const file = path.join(location.dataDir, TOTP_KEY_FILE)
        // This process found no key file; the other one then wrote it and recorded its check.
        const racing = {
          ...store,
          keyChecks: {
            ...store.keyChecks,
            async get(name: string) {
              fs.writeFileSync(file, `${raw.toString("base64")}\n`, { mode: 0o600 })
              await store.keyChecks.claim(name, keyCheckValue(parseTotpKey(raw.toString("hex"))!))
              return store.keyChecks.get(name)
            },
          },
        }
        const key = await checkedTotpKey(racing, {
          totpEncryptionKey: null,
          dataDir: location.dataDir,
        })
        expect(key.export().equals(raw)).toBe(true)
      } finally {
        await store.close()
      }
    },
  )

  it("seals the plain-text secrets of an earlier release in place at start-up; they still verify codes", async () => {
    const clock = Date.parse("2026-05-01T09:00:05Z")
    const [enabled, pending] = [
      "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
    ]
    // The store as release 0008 left it: an owner with TOTP on, a member half-way through enrolling.
    await withRaw(location, async (db) => {
      await migrateTo(db, "0008_ops")
      const row = {
        password_hash: await hashPassword(ADMIN_PASSWORD),
        created_at: clock - 86_400_000,
        updated_at: clock - 86_400_000,
        totp_last_step: null,
      }
      await db
        .insertInto("admin_users")
        .values([
          {
            ...row,
            id: "owner-1",
            username: "admin",
            role: "owner",
            totp_secret: enabled,
            totp_pending_secret: null,
            totp_last_step: 1,
          },
          {
            ...row,
            id: "member-1",
            username: "mo",
            role: "member",
            totp_secret: null,
            totp_pending_secret: pending,
          },
          // Junk that no release wrote: kept as it is, and the account is told to get a reset.
          {
            ...row,
            id: "member-2",
            username: "jo",
            role: "member",
            totp_secret: "not a secret!",
            totp_pending_secret: null,
          },
        ])
        .execute()
    })
    const lines: string[] = []
    const { app, totpSecrets } = await buildApp(testConfig(location, { LOG_LEVEL: "info" }), {
      logStream: { write: (line) => lines.push(line) },
      now: () => clock,
    })
    try {
      const messages = lines.map((line) => JSON.parse(line).msg)
      expect(messages).toContain(
        "TOTP secrets: 2 stored in plain text by an earlier release are now encrypted",
      )
      expect(messages).toContainEqual(
        expect.stringMatching(
          /^TOTP secrets of jo are neither encrypted nor base32: left as they are/,
        ),
      )
      expect((await storedTotp(location, "jo")).totp_secret).toBe("not a secret!")
      const junk = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "jo", password: ADMIN_PASSWORD, totp: "123456" },
      })
      expect([junk.statusCode, junk.json().error]).toEqual([409, "totp_unreadable"])
      const [owner, member] = [
        await storedTotp(location, "admin"),
        await storedTotp(location, "mo"),
      ]
      expect([owner.totp_secret, member.totp_pending_secret]).toEqual([
        expect.stringMatching(SEALED),
        expect.stringMatching(SEALED),
      ])
      expect(totpSecrets.open("owner-1", owner.totp_secret!)).toBe(enabled)
      expect(totpSecrets.open("member-1", member.totp_pending_secret!)).toBe(pending)
      const signedIn = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD, totp: totpCode(enabled, clock) },
      })
      expect(signedIn.statusCode).toBe(200)
      // The member finishes enrolling with the code of the secret their app got before the upgrade.
      const memberLogin = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "mo", password: ADMIN_PASSWORD },
      })
      const cookie = `admin_session=${memberLogin.cookies.find((c) => c.name === "admin_session")!.value}`
      const enable = await app.inject({
        method: "POST",
        url: "/api/admin/totp/enable",
        headers: { cookie },
        payload: { code: totpCode(pending, clock), password: ADMIN_PASSWORD },
      })
      expect(enable.json()).toEqual({ totpEnabled: true })
      const everything = JSON.stringify(
        await withRaw(location, (db) => db.selectFrom("admin_users").selectAll().execute()),
      )
      expect(everything).not.toContain(enabled)
      expect(everything).not.toContain(pending)
    } finally {
      await app.close()
    }
  })

  it("never writes the key or a secret to the log, from start-up to a refused start", async () => {
    const lines: string[] = []
    const logStream = { write: (line: string) => lines.push(line) }
    let clock = Date.parse("2026-05-01T09:00:05Z")
    const config = testConfig(location, { LOG_LEVEL: "trace" })
    const { app } = await buildApp(config, { logStream, now: () => clock })
    const raw = Buffer.from(
      fs.readFileSync(path.join(location.dataDir, TOTP_KEY_FILE), "utf8").trim(),
      "base64",
    )
    let secret: string
    try {
      const cookie = await signIn(app)
      secret = (
        await app.inject({ method: "POST", url: "/api/admin/totp/setup", headers: { cookie } })
      ).json().secret
      await app.inject({
        method: "POST",
        url: "/api/admin/totp/enable",
        headers: { cookie },
        payload: { code: totpCode(secret, clock), password: ADMIN_PASSWORD },
      })
      clock += STEP
      await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD, totp: totpCode(secret, clock) },
      })
      await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD, totp: "000000" },
      })
      // An unreadable secret is logged as such, with the account's id only.
      await withRaw(location, (db) =>
        db
          .updateTable("admin_users")
          .set({ totp_secret: "v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA" })
          .execute(),
      )
      await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD },
      })
    } finally {
      await app.close()
    }
    const other = randomBytes(32)
    const otherConfig = testConfig(location, {
      LOG_LEVEL: "trace",
      TOTP_ENCRYPTION_KEY: other.toString("hex"),
    })
    const refused = await buildApp(otherConfig, { logStream }).catch((e: Error) => e)
    expect(String(refused)).toMatch(/TOTP_ENCRYPTION_KEY: this instance's key/)
    expect(lines.some((line) => line.includes("TOTP secret cannot be decrypted"))).toBe(true)
    const everything = [
      ...lines,
      String(refused),
      inspect(config),
      JSON.stringify(config),
      inspect(otherConfig),
      JSON.stringify(otherConfig),
    ].join("\n")
    for (const spelling of [...spellings(raw), ...spellings(other)])
      expect(everything).not.toContain(spelling)
    expect(everything.toUpperCase()).not.toContain(secret)
  })
})
