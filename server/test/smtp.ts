// A real SMTP server for the mail tests (the smtp-server package), and a reader for what it got.
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

/** A real SMTP server that refuses the first `failures` messages with a temporary error. */
export async function startSmtp(failures = 0) {
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
          return callback(Object.assign(new Error("try again later"), { responseCode: 451 }))
        }
        received.push(raw)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.server.address() as AddressInfo
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The decoded text of a single-part mail as received: quoted-printable or base64 undone. */
export function mailText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n")
  const [head, body] = [raw.slice(0, split), raw.slice(split + 4)]
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1].toLowerCase()
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8")
  if (encoding !== "quoted-printable") return body
  const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, "latin1").toString("utf8")
}
