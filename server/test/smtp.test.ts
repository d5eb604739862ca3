import net from "node:net"
import { startSmtp } from "./smtp"

// The SMTP peer outlives a sender killed mid-mail (the SIGKILL tests): before it listened for
// smtp-server's "error" event, such a reset ended the whole test file with "read ECONNRESET".

const reply = (socket: net.Socket) =>
  new Promise<string>((resolve) =>
    socket.once("data", (chunk: Buffer) => resolve(chunk.toString())),
  )

it("keeps receiving after a client resets its connection inside a transaction", async () => {
  const smtp = await startSmtp()
  try {
    const { port } = new URL(smtp.url)
    const socket = net.connect(Number(port), "127.0.0.1")
    expect(await reply(socket)).toMatch(/^220/)
    for (const line of [
      "EHLO killed.example",
      "MAIL FROM:<a@example.com>",
      "RCPT TO:<b@example.com>",
      "DATA",
    ]) {
      socket.write(`${line}\r\n`)
      expect(await reply(socket)).toMatch(/^(250|354)/)
    }
    socket.write("Subject: half a mail\r\n")
    await new Promise((resolve) => setTimeout(resolve, 100))
    // An RST, as when the sending process is killed: not a FIN.
    socket.resetAndDestroy()
    // Without the listener, jest fails this file here with "read ECONNRESET".
    await new Promise((resolve) => setTimeout(resolve, 200))

    const nodemailer = await import("nodemailer")
    await nodemailer
      .createTransport({ host: "127.0.0.1", port: Number(port), secure: false, ignoreTLS: true })
      .sendMail({ from: "a@example.com", to: "b@example.com", subject: "after", text: "whole" })
    expect(smtp.received).toHaveLength(1)
  } finally {
    await smtp.close()
  }
})
