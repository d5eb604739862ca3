// Threats: parallel guesses bypassing the login throttle; a stranger locking the admin out;
// counters that a password change or `npm run admin -- set-password` leaves behind; several
// server processes counting apart. See docs/SECURITY.md.
import { spawnSync } from "node:child_process"
import path from "node:path"
import { buildApp } from "../app"
import { accountKey } from "../store/login-throttle"
import {
  ADMIN_PASSWORD,
  describeEachStore,
  freshStoreLocation,
  signIn,
  testConfig,
} from "../test/stores"
import * as password from "./password"
import { LOGIN_POLICY } from "./throttle"

type App = Awaited<ReturnType<typeof buildApp>>["app"]

// A burst is 200 requests of several store writes each (SQLite syncs every commit to disk):
// a second or two alone, more on a machine busy with other suites.
jest.setTimeout(30_000)

const realCheck = password.checkPassword

/**
 * Counts password verifications. Each one is held until every other request of the burst
 * has its answer, so the count is what the throttle let through while they all ran at once.
 */
function countVerifications(burst: { answered: number; size: number }) {
  const spy = jest.spyOn(password, "checkPassword").mockImplementation(async (hash, guess) => {
    const started = Date.now()
    while (burst.answered + spy.mock.calls.length < burst.size && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 5))
    return realCheck(hash, guess)
  })
  return spy
}

async function burst(
  apps: App[],
  size: number,
  remoteAddress: (i: number) => string,
  guess = "wrong guess",
) {
  const state = { answered: 0, size }
  const spy = countVerifications(state)
  try {
    const statuses = await Promise.all(
      Array.from({ length: size }, async (_, i) => {
        const response = await apps[i % apps.length].inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { username: "admin", password: guess },
          remoteAddress: remoteAddress(i),
        })
        if (response.statusCode === 429) state.answered += 1
        return response.statusCode
      }),
    )
    return { verifications: spy.mock.calls.length, statuses }
  } finally {
    spy.mockRestore()
  }
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

describeEachStore("security: login throttle", (kind) => {
  let apps: App[]
  let store: Awaited<ReturnType<typeof buildApp>>["store"]
  let drop: () => Promise<void>
  let clock = Date.parse("2026-06-01T08:00:00Z")
  const login = (pass: string, remoteAddress: string, app = apps[0]) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: pass },
      remoteAddress,
    })

  // Two server processes' worth of app on one store: the throttle must hold across them.
  beforeEach(async () => {
    const location = await freshStoreLocation(kind)
    const config = testConfig(location)
    apps = []
    for (let i = 0; i < 2; i++) {
      const built = await buildApp(config, { logger: false, now: () => clock })
      apps.push(built.app)
      store = built.store
    }
    drop = location.drop
  })
  afterEach(async () => {
    for (const app of apps) await app.close()
    await drop()
  })

  it(
    `lets at most ${LOGIN_POLICY.account.maxInFlight} of 200 parallel ` +
      `wrong guesses from one address be verified; the rest are 429`,
    async () => {
      const { verifications, statuses } = await burst(apps, 200, () => "198.51.100.7")
      expect(verifications).toBeGreaterThanOrEqual(1)
      expect(verifications).toBeLessThanOrEqual(LOGIN_POLICY.account.maxInFlight)
      expect(count(statuses, 401)).toBe(verifications)
      expect(count(statuses, 429)).toBe(200 - verifications)
      process.stdout.write(
        `[${kind}] burst of 200 from one address: ${verifications} verified, ${count(statuses, 429)} answered 429\n`,
      )
    },
  )

  it("holds the same bound when the 200 guesses come from 200 addresses, across two processes", async () => {
    const { verifications, statuses } = await burst(apps, 200, (i) => `203.0.113.${i}`)
    expect(verifications).toBeLessThanOrEqual(LOGIN_POLICY.account.maxInFlight)
    expect(count(statuses, 429)).toBe(200 - verifications)
    // The slots are free again: the right password from a clean address signs in.
    expect((await login(ADMIN_PASSWORD, "192.0.2.200")).statusCode).toBe(200)
  })

  it(
    "after 50 wrong guesses from one address, the right " +
      "password from another address answers 200 at once",
    async () => {
      const statuses: number[] = []
      for (let i = 0; i < 50; i++)
        statuses.push((await login(`wrong ${i}`, "198.51.100.66", apps[i % 2])).statusCode)
      // The attacker's address is slowed down: after the account's free failures it waits.
      expect(count(statuses, 401)).toBe(LOGIN_POLICY.account.free)
      expect(count(statuses, 429)).toBe(50 - LOGIN_POLICY.account.free)
      const attacker = await login(ADMIN_PASSWORD, "198.51.100.66")
      expect(attacker.statusCode).toBe(429)
      expect(Number(attacker.headers["retry-after"])).toBeGreaterThanOrEqual(1)
      // No time passes (the clock is fixed): the admin from a clean address gets in.
      const admin = await login(ADMIN_PASSWORD, "192.0.2.10", apps[1])
      process.stdout.write(
        `[${kind}] right password from a second address after 50 wrong guesses: ${admin.statusCode}\n`,
      )
      expect(admin.statusCode).toBe(200)
    },
  )

  it("slows an address that keeps failing: 1 s, 2 s, 4 s ... whatever account it tries", async () => {
    // Account names vary, so only the address counts here.
    const name = (i: number) =>
      apps[0].inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: `user${i}`, password: "x" },
        remoteAddress: "203.0.113.100",
      })
    for (let i = 0; i < LOGIN_POLICY.address.free; i++) expect((await name(i)).statusCode).toBe(401)
    const waiting = await name(99)
    expect([waiting.statusCode, waiting.headers["retry-after"]]).toEqual([429, "1"])
    clock += 1000
    expect((await name(100)).statusCode).toBe(401)
    expect((await name(101)).headers["retry-after"]).toBe("2")
    clock += 2000
    expect((await name(102)).statusCode).toBe(401)
  })

  it("frees the check slots of a process that died mid-check after 30 s", async () => {
    // Two checks start and their process dies before freeing the slots.
    for (let i = 0; i < LOGIN_POLICY.account.maxInFlight; i++)
      expect(
        await store.loginThrottle.take(accountKey("admin"), { maxInFlight: 2, free: null }),
      ).not.toBeNull()
    expect((await login(ADMIN_PASSWORD, "192.0.2.50")).statusCode).toBe(429)
    clock += 30_001
    expect((await login(ADMIN_PASSWORD, "192.0.2.50")).statusCode).toBe(200)
  })

  it("a successful password change clears the account's counts", async () => {
    const cookie = await signIn(apps[0])
    for (let i = 0; i < 5; i++) await login(`wrong ${i}`, "198.51.100.1")
    expect((await login(ADMIN_PASSWORD, "198.51.100.1")).statusCode).toBe(429)
    const change = await apps[0].inject({
      method: "POST",
      url: "/api/admin/password",
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: "another long password" },
      headers: { cookie },
      remoteAddress: "192.0.2.1",
    })
    expect(change.statusCode).toBe(200)
    // The address that failed is under its own free count, and the account no longer makes it wait.
    expect((await login("another long password", "198.51.100.1")).statusCode).toBe(200)
  })

  it("throttles guesses of the current password in the password form like logins", async () => {
    const cookie = await signIn(apps[0])
    const change = (current: string) =>
      apps[0].inject({
        method: "POST",
        url: "/api/admin/password",
        payload: { currentPassword: current, newPassword: "another long password" },
        headers: { cookie },
        remoteAddress: "192.0.2.77",
      })
    for (let i = 0; i < LOGIN_POLICY.account.free; i++)
      expect((await change(`wrong ${i}`)).statusCode).toBe(400)
    expect((await change(ADMIN_PASSWORD)).statusCode).toBe(429)
  })

  it("throttles guesses of the password when turning two-factor sign-in off, and counts them with logins", async () => {
    const cookie = await signIn(apps[0])
    const turnOff = (pass: string, app = apps[0]) =>
      app.inject({
        method: "POST",
        url: "/api/admin/totp/disable",
        payload: { password: pass },
        headers: { cookie },
        remoteAddress: "192.0.2.78",
      })
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push((await turnOff(`wrong ${i}`, apps[i % 2])).statusCode)
    expect(count(statuses, 400)).toBe(LOGIN_POLICY.account.free)
    expect(count(statuses, 429)).toBe(20 - LOGIN_POLICY.account.free)
    expect((await turnOff(ADMIN_PASSWORD)).statusCode).toBe(429)
    // The same account's sign-in from that address waits too: one count for both doors.
    expect((await login(ADMIN_PASSWORD, "192.0.2.78")).statusCode).toBe(429)
  })
})

describeEachStore("security: npm run admin -- set-password", (kind) => {
  it("clears the account's failed-login counts", async () => {
    const location = await freshStoreLocation(kind)
    const config = testConfig(location)
    const { app } = await buildApp(config, { logger: false })
    try {
      for (let i = 0; i < LOGIN_POLICY.account.free + 1; i++) {
        await app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { username: "admin", password: `wrong ${i}` },
          remoteAddress: "198.51.100.5",
        })
      }
      const login = (pass: string) =>
        app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { username: "admin", password: pass },
          remoteAddress: "198.51.100.5",
        })
      expect((await login(ADMIN_PASSWORD)).statusCode).toBe(429)
      const env = {
        ...process.env,
        DATA_DIR: config.dataDir,
        DATABASE_URL: config.databaseUrl ?? "",
        LOG_LEVEL: "silent",
      }
      const run = spawnSync(
        path.resolve(__dirname, "../../node_modules/.bin/tsx"),
        [path.resolve(__dirname, "../admin-cli/index.ts"), "set-password", "admin"],
        {
          input: "a password set from the CLI\n",
          env,
          encoding: "utf8",
        },
      )
      expect([run.status, run.stderr]).toEqual([0, ""])
      expect((await login("a password set from the CLI")).statusCode).toBe(200)
    } finally {
      await app.close()
      await location.drop()
    }
  }, 30_000)
})
