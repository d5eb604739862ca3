import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { REPOSITORY } from "../../content-kit/repository"
import { buildApp } from "../app"
import { totpCode } from "../auth/totp"
import { TOTP_KEY_FILE } from "../auth/totp-key-file"
import { entryArgs } from "../bundle/entries"
import { NEXT_KEY_SUFFIX, rotateTotpKey } from "../ops/totp-key-rotation"
import { ADMIN_PASSWORD, describeEachStore, freshStoreLocation, testConfig } from "../test/stores"
import { signInAs } from "../test/team"

const run = promisify(execFile)

/** `npm run admin -- ...` as the operator runs it, with the password piped in. */
function adminCli(args: string[], env: Record<string, string>, input: string) {
  const child = run(process.execPath, [...entryArgs("admin-cli"), ...args], {
    cwd: REPOSITORY,
    env: { ...process.env, ...env },
  })
  child.child.stdin!.end(input)
  return child
}

/** The command's environment for a test store. */
const cliEnv = (location: { dataDir: string; databaseUrl?: string | null }) => ({
  DATA_DIR: location.dataDir,
  ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  LOG_LEVEL: "silent",
})

describeEachStore("npm run admin -- add-user", (kind) => {
  it("adds a member (or an owner with --owner) who can sign in, and refuses a taken name", async () => {
    const location = await freshStoreLocation(kind)
    const env = cliEnv(location)
    // The first start makes the owner "admin".
    await (await buildApp(testConfig(location), { logger: false })).app.close()
    const added = await adminCli(["add-user", "Nora"], env, "a long enough password\n")
    expect(added.stdout).toContain('Account "nora" added as member.')
    // A flag before the name: the account is "olga", an owner (not one named "--owner").
    await adminCli(["add-user", "--owner", "olga"], env, "another long password\n")
    await expect(
      adminCli(["add-user", "nora"], env, "a long enough password\n"),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("exists already") })
    await expect(
      adminCli(["add-user", "bad name"], env, "a long enough password\n"),
    ).rejects.toMatchObject({ code: 1 })

    const { app, store } = await buildApp(testConfig(location), { logger: false })
    const cookie = await signInAs(app, "nora", "a long enough password")
    expect(
      (await app.inject({ url: "/api/admin/session", headers: { cookie } })).json(),
    ).toMatchObject({ username: "nora", role: "member" })
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
    const env = cliEnv(location)
    expect(
      (await adminCli(["add-user", "first"], env, "a long enough password\n")).stdout,
    ).toContain('Account "first" added as owner.')
    await location.drop()
  }, 60_000)
})

// The arguments are read before the store is opened, so one store shows it: nothing is created.
describe("npm run admin -- with a mistyped call", () => {
  it("refuses unknown flags and wrong argument counts, and prints help without prompting", async () => {
    const location = await freshStoreLocation("sqlite")
    const env = cliEnv(location)
    await (await buildApp(testConfig(location), { logger: false })).app.close()
    const refused = (args: string[]) =>
      expect(adminCli(args, env, "a long enough password\n")).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run admin -- set-password [NAME]"),
      })
    await refused(["add-user", "nora", "--ownr"])
    await refused(["add-user"])
    await refused(["add-user", "nora", "olga"])
    await refused(["reset-totp-key", "--yes", "extra"])
    await refused(["no-such-command"])
    // --help is help, not a user name nor a password prompt; nothing is created.
    const help = await adminCli(["set-password", "--help"], env, "")
    expect(help.stdout).toContain("npm run admin -- set-password [NAME]")
    expect(help.stdout).not.toContain("New password")
    const all = await adminCli([], env, "")
    for (const command of ["add-user NAME [--owner]", "restore FILE [--force]", "backup FILE"])
      expect(all.stdout).toContain(`npm run admin -- ${command}`)
    const { store, app } = await buildApp(testConfig(location), { logger: false })
    expect((await store.admins.list()).map((u) => u.username)).toEqual(["admin"])
    await app.close()
    await location.drop()
  }, 60_000)
})

describeEachStore("npm run admin -- reset-2fa / reset-totp-key", (kind) => {
  const clock = Date.parse("2026-05-01T09:00:05Z")

  /** A store whose owner "admin" has TOTP on; the key is DATA_DIR/totp.key. */
  async function enrolledStore() {
    const location = await freshStoreLocation(kind)
    const env = cliEnv(location)
    const { app } = await buildApp(testConfig(location), { logger: false, now: () => clock })
    const cookie = await signInAs(app, "admin", ADMIN_PASSWORD)
    const { secret } = (
      await app.inject({ method: "POST", url: "/api/admin/totp/setup", headers: { cookie } })
    ).json()
    await app.inject({
      method: "POST",
      url: "/api/admin/totp/enable",
      headers: { cookie },
      payload: { code: totpCode(secret, clock), password: ADMIN_PASSWORD },
    })
    await app.close()
    return { location, env, secret: secret as string }
  }

  const loginWithoutCode = async (location: Awaited<ReturnType<typeof freshStoreLocation>>) => {
    const { app } = await buildApp(testConfig(location), {
      logger: false,
      now: () => clock + 60_000,
    })
    try {
      return (
        (
          await app.inject({
            method: "POST",
            url: "/api/admin/login",
            payload: { username: "admin", password: ADMIN_PASSWORD },
          })
        ).json().error ?? "ok"
      )
    } finally {
      await app.close()
    }
  }

  /** Signs "admin" in with the code of `at` (each code opens once): "ok" or the error code. */
  const loginWithCode = async (
    location: Awaited<ReturnType<typeof freshStoreLocation>>,
    secret: string,
    env: Record<string, string> = {},
    at = clock + 60_000,
  ) => {
    const { app } = await buildApp(testConfig(location, env), { logger: false, now: () => at })
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD, totp: totpCode(secret, at) },
      })
      return response.statusCode === 200 ? "ok" : response.json().error
    } finally {
      await app.close()
    }
  }

  it(
    "rotate-totp-key seals the secrets again with a new key file; " +
      "the codes keep working, the old key no longer starts a server",
    async () => {
      const { location, env, secret } = await enrolledStore()
      try {
        const keyFile = path.join(location.dataDir, TOTP_KEY_FILE)
        const oldKey = fs.readFileSync(keyFile, "utf8").trim()
        const rotated = await adminCli(["rotate-totp-key"], env, "")
        expect(rotated.stdout).toMatch(
          /^1 TOTP secret\(s\) encrypted again with the new key\. The new key is in .*totp\.key\./,
        )
        const newKey = fs.readFileSync(keyFile, "utf8").trim()
        expect(newKey).not.toBe(oldKey)
        expect(rotated.stdout + rotated.stderr).not.toContain(newKey)
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
        expect(
          fs.readdirSync(location.dataDir).filter((name) => name.startsWith(TOTP_KEY_FILE)),
        ).toEqual([TOTP_KEY_FILE])
        expect(await loginWithCode(location, secret)).toBe("ok")
        await expect(
          buildApp(testConfig(location, { TOTP_ENCRYPTION_KEY: oldKey }), { logger: false }),
        ).rejects.toThrow(/^TOTP_ENCRYPTION_KEY: /)
      } finally {
        await location.drop()
      }
    },
    60_000,
  )

  it(
    "rotate-totp-key with TOTP_ENCRYPTION_KEY takes the new key " +
      "from NEW_TOTP_ENCRYPTION_KEY, and refuses without a valid one",
    async () => {
      const { location, env, secret } = await enrolledStore()
      try {
        const oldKey = fs.readFileSync(path.join(location.dataDir, TOTP_KEY_FILE), "utf8").trim()
        const withKey = { ...env, TOTP_ENCRYPTION_KEY: oldKey }
        await expect(adminCli(["rotate-totp-key"], withKey, "")).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining("NEW_TOTP_ENCRYPTION_KEY: unset"),
        })
        await expect(
          adminCli(["rotate-totp-key"], { ...withKey, NEW_TOTP_ENCRYPTION_KEY: "too-short" }, ""),
        ).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining("(got 9 characters; the value is not shown)"),
        })
        await expect(
          adminCli(["rotate-totp-key"], { ...withKey, NEW_TOTP_ENCRYPTION_KEY: oldKey }, ""),
        ).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining("is the current key"),
        })
        expect(await loginWithCode(location, secret, { TOTP_ENCRYPTION_KEY: oldKey })).toBe("ok")

        const newKey = randomBytes(32).toString("base64")
        const rotated = await adminCli(
          ["rotate-totp-key"],
          { ...withKey, NEW_TOTP_ENCRYPTION_KEY: newKey },
          "",
        )
        expect(rotated.stdout).toContain(
          "Now set TOTP_ENCRYPTION_KEY to the value of NEW_TOTP_ENCRYPTION_KEY on every instance",
        )
        // The key file the first start wrote is still there, with the old key: the operator is told.
        expect(rotated.stdout).toMatch(
          /totp\.key still holds a key the server does not use .*: delete it\./,
        )
        expect(rotated.stdout + rotated.stderr).not.toContain(newKey)
        await expect(
          buildApp(testConfig(location, { TOTP_ENCRYPTION_KEY: oldKey }), { logger: false }),
        ).rejects.toThrow(/^TOTP_ENCRYPTION_KEY: /)
        expect(
          await loginWithCode(location, secret, { TOTP_ENCRYPTION_KEY: newKey }, clock + 120_000),
        ).toBe("ok")
      } finally {
        await location.drop()
      }
    },
    60_000,
  )

  it(
    "rotate-totp-key stopped half-way is finished by running " +
      "it again, and no other new key is taken meanwhile",
    async () => {
      const { location, secret } = await enrolledStore()
      const config = { totpEncryptionKey: null, dataDir: location.dataDir }
      const keyFile = path.join(location.dataDir, TOTP_KEY_FILE)
      const { app, store } = await buildApp(testConfig(location), { logger: false })
      try {
        // The connection is lost once every secret is sealed with the new key, before the store records it.
        const lost = {
          ...store,
          keyChecks: {
            ...store.keyChecks,
            replace: async (name: string, value: string) =>
              name === "totp"
                ? Promise.reject(new Error("connection lost"))
                : store.keyChecks.replace(name, value),
          },
        }
        await expect(rotateTotpKey(lost, config, null)).rejects.toThrow("connection lost")
        const pending = fs.readFileSync(keyFile + NEXT_KEY_SUFFIX, "utf8").trim()
        await expect(
          rotateTotpKey(store, config, randomBytes(32).toString("base64")),
        ).rejects.toThrow(/stopped half-way/)

        expect(await rotateTotpKey(store, config, null)).toEqual({
          resealed: 0,
          unreadable: [],
          keyNowIn: "file",
          unusedKeyFile: null,
        })
        expect(fs.readFileSync(keyFile, "utf8").trim()).toBe(pending)
        expect(fs.existsSync(keyFile + NEXT_KEY_SUFFIX)).toBe(false)
      } finally {
        await app.close()
      }
      try {
        expect(await loginWithCode(location, secret)).toBe("ok")
      } finally {
        await location.drop()
      }
    },
    60_000,
  )

  it("reset-2fa turns off one account's second factor", async () => {
    const { location, env } = await enrolledStore()
    try {
      expect(await loginWithoutCode(location)).toBe("totp_required")
      expect((await adminCli(["reset-2fa", "Admin"], env, "")).stdout).toContain(
        'Two-factor sign-in of "admin" is off',
      )
      expect(await loginWithoutCode(location)).toBe("ok")
      await expect(adminCli(["reset-2fa", "nobody"], env, "")).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('no account "nobody"'),
      })
    } finally {
      await location.drop()
    }
  }, 60_000)

  it(
    "reset-totp-key gives up a lost key: lists first, then turns " +
      "2FA off for those it locked out and records the new key",
    async () => {
      const { location, env } = await enrolledStore()
      try {
        // The key is lost (a restore into a new DATA_DIR without it): the server does not start.
        const keyFile = path.join(location.dataDir, TOTP_KEY_FILE)
        fs.rmSync(keyFile)
        await expect(buildApp(testConfig(location), { logger: false })).rejects.toThrow(
          /^TOTP_ENCRYPTION_KEY: .*reset-totp-key/,
        )
        const listed = await adminCli(["reset-totp-key"], env, "").catch(
          (error: { code: number; stdout: string }) => error,
        )
        expect(listed).toMatchObject({
          code: 1,
          stdout: expect.stringContaining(
            'With --yes, two-factor sign-in is turned off for "admin"',
          ),
        })
        expect(fs.existsSync(keyFile)).toBe(false)
        await expect(buildApp(testConfig(location), { logger: false })).rejects.toThrow(
          /^TOTP_ENCRYPTION_KEY: /,
        )

        expect((await adminCli(["reset-totp-key", "--yes"], env, "")).stdout).toContain(
          'Two-factor sign-in turned off for "admin"',
        )
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
        expect(await loginWithoutCode(location)).toBe("ok")
        expect((await adminCli(["reset-totp-key"], env, "")).stdout).toContain("nothing to reset")
        const { app, store } = await buildApp(testConfig(location), { logger: false })
        expect(
          (await store.audit.list({}, { offset: 0, limit: 10 })).items.map((entry) => [
            entry.action,
            entry.detail,
          ]),
        ).toContainEqual(["user_totp_reset", "admin (TOTP key lost)"])
        await app.close()
      } finally {
        await location.drop()
      }
    },
    60_000,
  )
})
