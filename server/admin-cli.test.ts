import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { buildApp } from "./app"
import { describeEachStore, freshStoreLocation, testConfig } from "./test/stores"
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
