import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { buildApp } from "./app"
import { totpCode } from "./auth/totp"
import { TOTP_KEY_FILE } from "./auth/totp-key-file"
import { ADMIN_PASSWORD, describeEachStore, freshStoreLocation, testConfig } from "./test/stores"
import { signInAs } from "./test/team"

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, "..")

/** `npm run admin -- ...` as the operator runs it, with the password piped in. */
function adminCli(args: string[], env: Record<string, string>, input: string) {
  const child = run(process.execPath, ["--import", "tsx", "server/admin-cli.ts", ...args], { cwd: ROOT, env: { ...process.env, ...env } })
  child.child.stdin!.end(input)
  return child
}

describeEachStore("npm run admin -- add-user", (kind) => {
  it("adds a member (or an owner with --owner) who can sign in, and refuses a taken name", async () => {
    const location = await freshStoreLocation(kind)
    const env = { DATA_DIR: location.dataDir, ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}), LOG_LEVEL: "silent" }
    // The first start makes the owner "admin".
    await (await buildApp(testConfig(location), { logger: false })).app.close()
    const added = await adminCli(["add-user", "Nora"], env, "a long enough password\n")
    expect(added.stdout).toContain('Account "nora" added as member.')
    await adminCli(["add-user", "olga", "--owner"], env, "another long password\n")
    await expect(adminCli(["add-user", "nora"], env, "a long enough password\n")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("exists already") })
    await expect(adminCli(["add-user", "bad name"], env, "a long enough password\n")).rejects.toMatchObject({ code: 1 })

    const { app, store } = await buildApp(testConfig(location), { logger: false })
    const cookie = await signInAs(app, "nora", "a long enough password")
    expect((await app.inject({ url: "/api/admin/session", headers: { cookie } })).json()).toMatchObject({ username: "nora", role: "member" })
    expect((await store.admins.list()).map((u) => [u.username, u.role])).toEqual([
      ["admin", "owner"],
      ["nora", "member"],
      ["olga", "owner"],
    ])
    await app.close()
    await location.drop()
  }, 60_000)

  it("makes the first account of an empty store an owner", async () => {
    const location = await freshStoreLocation(kind)
    const env = { DATA_DIR: location.dataDir, ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}), LOG_LEVEL: "silent" }
    expect((await adminCli(["add-user", "first"], env, "a long enough password\n")).stdout).toContain('Account "first" added as owner.')
    await location.drop()
  }, 60_000)
})

describeEachStore("npm run admin -- reset-2fa / reset-totp-key", (kind) => {
  const clock = Date.parse("2026-05-01T09:00:05Z")

  /** A store whose owner "admin" has TOTP on; the key is DATA_DIR/totp.key. */
  async function enrolledStore() {
    const location = await freshStoreLocation(kind)
    const env = { DATA_DIR: location.dataDir, ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}), LOG_LEVEL: "silent" }
    const { app } = await buildApp(testConfig(location), { logger: false, now: () => clock })
    const cookie = await signInAs(app, "admin", ADMIN_PASSWORD)
    const { secret } = (await app.inject({ method: "POST", url: "/api/admin/totp/setup", headers: { cookie } })).json()
    await app.inject({ method: "POST", url: "/api/admin/totp/enable", headers: { cookie }, payload: { code: totpCode(secret, clock) } })
    await app.close()
    return { location, env }
  }

  const loginWithoutCode = async (location: Awaited<ReturnType<typeof freshStoreLocation>>) => {
    const { app } = await buildApp(testConfig(location), { logger: false, now: () => clock + 60_000 })
    try {
      return (await app.inject({ method: "POST", url: "/api/admin/login", payload: { username: "admin", password: ADMIN_PASSWORD } })).json().error ?? "ok"
    } finally {
      await app.close()
    }
  }

  it("reset-2fa turns off one account's second factor", async () => {
    const { location, env } = await enrolledStore()
    try {
      expect(await loginWithoutCode(location)).toBe("totp_required")
      expect((await adminCli(["reset-2fa", "Admin"], env, "")).stdout).toContain('Two-factor sign-in of "admin" is off')
      expect(await loginWithoutCode(location)).toBe("ok")
      await expect(adminCli(["reset-2fa", "nobody"], env, "")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no account "nobody"') })
    } finally {
      await location.drop()
    }
  }, 60_000)

  it("reset-totp-key gives up a lost key: lists first, then turns 2FA off for those it locked out and records the new key", async () => {
    const { location, env } = await enrolledStore()
    try {
      // The key is lost (a restore into a new DATA_DIR without it): the server does not start.
      const keyFile = path.join(location.dataDir, TOTP_KEY_FILE)
      fs.rmSync(keyFile)
      await expect(buildApp(testConfig(location), { logger: false })).rejects.toThrow(/^TOTP_ENCRYPTION_KEY: .*reset-totp-key/)
      const listed = await adminCli(["reset-totp-key"], env, "").catch((error: { code: number; stdout: string }) => error)
      expect(listed).toMatchObject({ code: 1, stdout: expect.stringContaining('With --yes, two-factor sign-in is turned off for "admin"') })
      expect(fs.existsSync(keyFile)).toBe(false)
      await expect(buildApp(testConfig(location), { logger: false })).rejects.toThrow(/^TOTP_ENCRYPTION_KEY: /)

      expect((await adminCli(["reset-totp-key", "--yes"], env, "")).stdout).toContain('Two-factor sign-in turned off for "admin"')
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
      expect(await loginWithoutCode(location)).toBe("ok")
      expect((await adminCli(["reset-totp-key"], env, "")).stdout).toContain("nothing to reset")
      const { app, store } = await buildApp(testConfig(location), { logger: false })
      expect((await store.audit.list({}, { offset: 0, limit: 10 })).items.map((entry) => [entry.action, entry.detail])).toContainEqual(["user_totp_reset", "admin (TOTP key lost)"])
      await app.close()
    } finally {
      await location.drop()
    }
  }, 60_000)
})
