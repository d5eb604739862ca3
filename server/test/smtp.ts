// A real SMTP server for the mail tests (the smtp-server package), and a reader for what it got.
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

/**
 * A real SMTP server that refuses the first `failures` messages, with a temporary error
 * (451) unless `responseCode` says otherwise (a 5xx is a refusal for good).
 */
export async function startSmtp(failures = 0, responseCode = 451) {
  const received: string[] = []
  let refused = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = ""
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
      stream.on("end", () => {
        if (refused < failures) {
          refused++
          return callback(
            Object.assign(
              new Error(responseCode >= 500 ? "mailbox unavailable" : "try again later"),
              { responseCode },
            ),
          )
        }
        received.push(raw)
        callback()
      })
    },
  })
  // A sender killed mid-mail (the SIGKILL tests) resets its connection inside a transaction,
  // which smtp-server emits as an "error" event: without a listener, that would end the test
  // file ("read ECONNRESET"). A real relay shrugs and drops that mail; so does this one.
  server.on("error", () => {})
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The decoded text of a single-part mail as received: quoted-printable or base64 undone. */
export function mailText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n")
  const [head, body] = [raw.slice(0, split), raw.slice(split + 4)]
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1].toLowerCase()
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8")
  if (encoding !== "quoted-printable") return body
  const bytes = body
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, "latin1").toString("utf8")
}

/** The mail's Subject as a reader sees it: folded lines joined, encoded words (=?UTF-8?Q|B?...?=) decoded. */
export function mailSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)\r$/m.exec(raw)?.[1] ?? ""
  return header
    .replace(/\r\n[ \t]/g, "")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
}

/** The mail's To header as written. */
export const mailTo = (raw: string) => /^To: (.*)\r$/m.exec(raw)?.[1] ?? ""
