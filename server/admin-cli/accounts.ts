import type { Role } from "../../contract/roles"
import { USERNAME_PATTERN } from "../../contract/team"
import { hashPassword } from "../auth/password"
import { loginThrottle } from "../auth/throttle"
import { loadConfig } from "../config"
import { readNewPassword } from "./prompt"
import { withStore } from "./with-store"

const BY_COMMAND_LINE = { username: "(command line)", ip: null }
const normal = (username: string) => username.trim().toLowerCase()

export async function setPassword(name: string | undefined) {
  const username = normal(name ?? loadConfig().adminUsername)
  const password = await readNewPassword("New password: ")
  await withStore(async (store) => {
    await store.accounts.setPasswordFromCommandLine(username, await hashPassword(password))
    await loginThrottle(store.loginThrottle).clearAccount(username)
  })
  process.stdout.write(
    `Password of "${username}" set; its sessions are signed out and its failed logins forgotten.\n`,
  )
}

export async function addUser(name: string, asked: Role) {
  const username = normal(name)
  if (!new RegExp(USERNAME_PATTERN).test(username))
    throw new Error("the user name must be 1-64 of a-z 0-9 . _ @ -")
  const password = await readNewPassword("Password: ")
  await withStore(async (store) => {
    // The team needs an owner: the first account of an empty store is one, whatever was asked.
    const role: Role = (await store.admins.count()) === 0 ? "owner" : asked
    if (!(await store.admins.create(username, await hashPassword(password), role)))
      throw new Error(`"${username}" exists already; change its password with set-password`)
    await store.audit.record(BY_COMMAND_LINE, {
      action: "user_added",
      detail: `${username} (${role})`,
    })
    process.stdout.write(`Account "${username}" added as ${role}.\n`)
  })
}

export async function resetTwoFactor(name: string) {
  const username = normal(name)
  await withStore(async (store) => {
    const admin = await store.admins.findByUsername(username)
    if (!admin) throw new Error(`no account "${username}"`)
    await store.admins.disableTotp(admin.id)
    await store.audit.record(BY_COMMAND_LINE, { action: "user_totp_reset", detail: username })
  })
  process.stdout.write(
    `Two-factor sign-in of "${username}" is off; it signs in with its password and can set it up again.\n`,
  )
}
