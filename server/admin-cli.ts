import readline from "node:readline"
import type { Role } from "../contract/roles"
import { MIN_PASSWORD_LENGTH } from "../contract/session"
import { USERNAME_PATTERN } from "../contract/team"
import { hashPassword } from "./auth/password"
import { loginThrottle } from "./auth/throttle"
import { ConfigError, loadConfig } from "./config"
import { backup, restore } from "./ops/backup"
import { resetTotpKey } from "./ops/totp-key-reset"
import { rotateTotpKey } from "./ops/totp-key-rotation"
import { openStore } from "./store"

const USAGE = `Usage: npm run admin -- set-password [username]
       npm run admin -- add-user NAME [--owner]
       npm run admin -- reset-2fa NAME
       npm run admin -- reset-totp-key [--yes]
       npm run admin -- rotate-totp-key
       npm run admin -- backup FILE
       npm run admin -- restore FILE [--force]

set-password: sets the password of an admin account (created when missing), signs out its
sessions and clears its failed-login counts.
add-user: adds a team account, a member unless --owner is given.
The password is read from the terminal, or from standard input when it is piped.
reset-2fa: turns off the two-factor sign-in of an account, which then enrols again.
reset-totp-key: when the key the TOTP secrets were encrypted with is lost (a restore without
it), turns off two-factor sign-in for the accounts whose secret no longer opens and makes this
server's key the store's; lists them unless --yes is given. Stop every instance first.
rotate-totp-key: encrypts the TOTP secrets again with a new key: a new DATA_DIR/totp.key, or
the key in NEW_TOTP_ENCRYPTION_KEY (required when TOTP_ENCRYPTION_KEY is set; set it there on
every instance afterwards). Stop every instance first; run it again if it was interrupted.
backup: writes a consistent copy of the store (DATA_DIR or DATABASE_URL) while the server runs.
restore: loads a backup into an empty store (--force replaces a non-empty one); stop the server first.`

const KEEP_THE_KEY =
  "The TOTP secrets in it are encrypted with TOTP_ENCRYPTION_KEY (or " +
  "DATA_DIR/totp.key), which is not in the backup: keep a copy of that key " +
  "where the backups can be restored from, but not in the same file or place as them."

/** Reads one line without echoing it when stdin is a terminal. */
function readSecret(prompt: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    return new Promise((resolve) => {
      let text = ""
      input.setEncoding("utf8")
      input.on("data", (chunk) => (text += chunk))
      input.on("end", () => resolve(text.split(/\r?\n/)[0]))
    })
  }
  const rl = readline.createInterface({ input, output: process.stdout, terminal: true })
  const muted = rl as unknown as { _writeToOutput: (text: string) => void }
  muted._writeToOutput = (text) => {
    if (text.includes(prompt)) process.stdout.write(prompt)
  }
  return new Promise((resolve) =>
    rl.question(prompt, (answer) => {
      rl.close()
      process.stdout.write("\n")
      resolve(answer)
    }),
  )
}

async function setPassword(username: string) {
  const password = await readSecret("New password: ")
  if (process.stdin.isTTY && (await readSecret("Again: ")) !== password)
    throw new Error("the two passwords differ")
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  try {
    await store.accounts.setPasswordFromCommandLine(username, await hashPassword(password))
    await loginThrottle(store.loginThrottle).clearAccount(username)
  } finally {
    await store.close()
  }
  process.stdout.write(
    `Password of "${username}" set; its sessions are signed out and its failed logins forgotten.\n`,
  )
}

async function addUser(username: string, asked: Role) {
  if (!new RegExp(USERNAME_PATTERN).test(username))
    throw new Error("the user name must be 1-64 of a-z 0-9 . _ @ -")
  const password = await readSecret("Password: ")
  if (process.stdin.isTTY && (await readSecret("Again: ")) !== password)
    throw new Error("the two passwords differ")
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  try {
    // The team needs an owner: the first account of an empty store is one, whatever was asked.
    const role: Role = (await store.admins.count()) === 0 ? "owner" : asked
    if (!(await store.admins.create(username, await hashPassword(password), role)))
      throw new Error(`"${username}" exists already; change its password with set-password`)
    await store.audit.record(
      { username: "(command line)", ip: null },
      { action: "user_added", detail: `${username} (${role})` },
    )
    process.stdout.write(`Account "${username}" added as ${role}.\n`)
  } finally {
    await store.close()
  }
}

async function resetTwoFactor(username: string) {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  try {
    const admin = await store.admins.findByUsername(username)
    if (!admin) throw new Error(`no account "${username}"`)
    await store.admins.disableTotp(admin.id)
    await store.audit.record(
      { username: "(command line)", ip: null },
      { action: "user_totp_reset", detail: username },
    )
  } finally {
    await store.close()
  }
  process.stdout.write(
    `Two-factor sign-in of "${username}" is off; it signs in with its password and can set it up again.\n`,
  )
}

async function resetTotpKeyCommand(confirmed: boolean) {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  let outcome
  try {
    outcome = await resetTotpKey(store, config, confirmed)
  } finally {
    await store.close()
  }
  const names =
    outcome.status === "key_matches"
      ? ""
      : outcome.accounts.map((name) => `"${name}"`).join(", ") || "no account"
  if (outcome.status === "key_matches") {
    process.stdout.write(
      "This server's TOTP key is the store's: nothing to reset (one account: reset-2fa NAME).\n",
    )
  } else if (outcome.status === "would_reset") {
    process.stdout.write(
      `This server's TOTP key is not the store's. With --yes, two-factor sign-in ` +
        `is turned off for ${names} (their secrets cannot be opened without ` +
        "the old key), and this server's key becomes the store's. If the " +
        "old key can still be found, set it instead (TOTP_ENCRYPTION_KEY or " +
        "DATA_DIR/totp.key). Take a backup first: it keeps the old secrets should the key turn up.\n",
    )
    process.exit(1)
  } else {
    process.stdout.write(
      `Two-factor sign-in turned off for ${names}; this server's TOTP ` +
        `key is now the store's. Those accounts set it up again.\n`,
    )
  }
}

async function rotateTotpKeyCommand() {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now: Date.now,
  })
  try {
    const next = process.env.NEW_TOTP_ENCRYPTION_KEY?.trim() || null
    const { resealed, unreadable, keyNowIn, unusedKeyFile } = await rotateTotpKey(
      store,
      config,
      next,
    )
    const where =
      keyNowIn === "file"
        ? `The new key is in ${config.dataDir}/totp.key.`
        : "Now set TOTP_ENCRYPTION_KEY to the value of NEW_TOTP_ENCRYPTION_KEY on every " +
          "instance, then start them; an instance started with the old key refuses to start."
    const skipped =
      unreadable.length > 0
        ? ` Left as they were (opened with neither key; reset-2fa ` +
          `them): ${unreadable.map((name) => `"${name}"`).join(", ")}.`
        : ""
    const leftover = unusedKeyFile
      ? ` ${unusedKeyFile} still holds a key the server does not use (TOTP_ENCRYPTION_KEY is set): delete it.`
      : ""
    process.stdout.write(
      `${resealed} TOTP secret(s) encrypted again with the new key. ${where} ` +
        `Replace the copy of the old key kept with the backups.${skipped}${leftover}\n`,
    )
  } finally {
    await store.close()
  }
}

async function main(args: string[]) {
  const [command, username] = args
  if (command === "backup" || command === "restore") return backupCommand(command, args.slice(1))
  if (command === "reset-2fa" && username) return resetTwoFactor(username.trim().toLowerCase())
  if (command === "reset-totp-key") return resetTotpKeyCommand(args.includes("--yes"))
  if (command === "rotate-totp-key") return rotateTotpKeyCommand()
  if (command === "add-user" && username) {
    await addUser(username.trim().toLowerCase(), args.includes("--owner") ? "owner" : "member")
    return
  }
  if (command !== "set-password") {
    process.stderr.write(`${USAGE}\n`)
    process.exit(command ? 2 : 0)
  }
  await setPassword((username ?? loadConfig().adminUsername).trim().toLowerCase())
}

async function backupCommand(command: "backup" | "restore", args: string[]) {
  const file = args.find((arg) => !arg.startsWith("--"))
  if (!file) throw new Error(`${command} needs a FILE`)
  const config = loadConfig()
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl }
  if (command === "backup") {
    const { kind, bytes } = await backup(target, file)
    process.stdout.write(
      `Backup of the ${kind} store written to ${file} (${bytes} bytes).\n${KEEP_THE_KEY}\n`,
    )
  } else {
    const { kind } = await restore(target, file, args.includes("--force"))
    process.stdout.write(
      `${file} restored into the ${kind} store; start the server to apply ` +
        `newer migrations, with the TOTP key of the server the backup ` +
        "came from (TOTP_ENCRYPTION_KEY, or its totp.key copied into DATA_DIR).\n",
    )
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(
    `${error instanceof ConfigError ? "Configuration error" : "Error"}: ` +
      `${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
