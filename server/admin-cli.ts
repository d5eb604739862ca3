import readline from "node:readline"
import { MIN_PASSWORD_LENGTH } from "../contract/session"
import { hashPassword } from "./auth/password"
import { ConfigError, loadConfig } from "./config"
import { openStore } from "./store"

const USAGE = `Usage: npm run admin -- set-password [username]

Sets the password of an admin account (created when missing) and signs out its sessions.
The password is read from the terminal, or from standard input when it is piped.`

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
  if (process.stdin.isTTY && (await readSecret("Again: ")) !== password) throw new Error("the two passwords differ")
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
  const config = loadConfig()
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, now: Date.now })
  try {
    await store.admins.upsert(username, await hashPassword(password))
    await store.sessions.revokeAllOf(username)
  } finally {
    await store.close()
  }
  process.stdout.write(`Password of "${username}" set; its sessions are signed out.\n`)
}

async function main(args: string[]) {
  const [command, username] = args
  if (command !== "set-password") {
    process.stderr.write(`${USAGE}\n`)
    process.exit(command ? 2 : 0)
  }
  await setPassword((username ?? loadConfig().adminUsername).trim().toLowerCase())
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? "Configuration error" : "Error"}: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
