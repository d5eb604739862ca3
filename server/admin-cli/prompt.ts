import readline from "node:readline"
import { Writable } from "node:stream"
import { MIN_PASSWORD_LENGTH } from "../../contract/session"

/**
 * Reads one line without echoing it when stdin is a terminal: readline writes to an output
 * stream of our own, which passes the prompt on and drops the typed characters (documented
 * readline API; no private method patched). Piped, the first line of stdin is the answer.
 */
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
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk)
      done()
    },
  })
  const rl = readline.createInterface({ input, output, terminal: true })
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close()
      process.stdout.write("\n")
      resolve(answer)
    })
    muted = true
  })
}

/** A new password: asked twice at a terminal, once when piped, and long enough. */
export async function readNewPassword(prompt: string): Promise<string> {
  const password = await readSecret(prompt)
  if (process.stdin.isTTY && (await readSecret("Again: ")) !== password)
    throw new Error("the two passwords differ")
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
  return password
}
