import { randomBytes } from "node:crypto"
import net from "node:net"
import { secretBytes } from "../config/outbox"
import { startServer } from "../test/server-process"
import { startSmtp } from "../test/smtp"
import { describeEachStore, freshStoreLocation } from "../test/stores"
import { waitFor } from "../test/wait-for"
import { startReceiver } from "../test/webhook-receiver"

const SECRET = `whsec_${randomBytes(24).toString("base64")}`
const MESSAGES = 3

/** A TCP server that accepts connections and never says a word: an SMTP peer that hangs. */
async function startBlackhole() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => void sockets.add(socket.on("error", () => {})))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

// The server is killed (SIGKILL) while every mail and webhook of the stored messages is in
// flight to a peer that hangs; restarted with the peers answering, it sends each one once.
describeEachStore("outbox across a SIGKILL", (kind) => {
  it("delivers the mails and the webhook of messages stored before the kill, once, after the restart", async () => {
    const location = await freshStoreLocation(kind)
    const blackhole = await startBlackhole()
    const smtp = await startSmtp()
    const receiver = await startReceiver(
      secretBytes(SECRET),
      Array.from({ length: MESSAGES }, () => "hang" as const),
    )
    const env = {
      DATA_DIR: location.dataDir,
      DATABASE_URL: location.databaseUrl ?? "",
      CONTACT_NOTIFY_TO: "team@example.com",
      MAIL_FROM: "site@example.com",
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: SECRET,
      OUTBOX_LEASE_SECONDS: "2",
    }
    let server = await startServer({ ...env, SMTP_URL: blackhole.url })
    try {
      const ids: string[] = []
      for (let n = 0; n < MESSAGES; n++) {
        const response = await fetch(`${server.base}/SendMessage`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: `Lead ${n}`,
            Email: `lead${n}@example.com`,
            Message: "Hello",
            Language: "de",
            ElapsedMs: 20_000,
          }),
        })
        expect(response.status).toBe(201)
        ids.push(((await response.json()) as { id: string }).id)
      }
      // Every send has started and hangs: three webhooks, six SMTP connections (notification and acknowledgement).
      await waitFor(
        () => receiver.received.length === MESSAGES && blackhole.connections() === 2 * MESSAGES,
        10_000,
        "the sends to start",
      )
      expect((await server.kill("SIGKILL")).signal).toBe("SIGKILL")

      const killedAt = Date.now()
      server = await startServer({ ...env, SMTP_URL: smtp.url })
      await waitFor(
        () =>
          receiver.unique().length === MESSAGES &&
          receiver.received.length === 2 * MESSAGES &&
          smtp.received.length === 2 * MESSAGES,
        15_000,
        "the deliveries after the restart",
      )
      const seconds = (Date.now() - killedAt) / 1000
      await new Promise((resolve) => setTimeout(resolve, 500))
      // The webhooks: the hung first attempt and one answered retry each, under the same id, so
      // once after deduplication.
      expect(receiver.received).toHaveLength(2 * MESSAGES)
      expect(receiver.received.every((r) => r.verified)).toBe(true)
      expect(
        receiver
          .unique()
          .map((r) => r.body.data.id)
          .sort(),
      ).toEqual([...ids].sort())
      // The mails: the hung attempts never got through, so each arrives exactly once.
      expect(smtp.received).toHaveLength(2 * MESSAGES)
      expect(new Set(smtp.received.map((raw) => /^Message-ID: (.*)\r$/m.exec(raw)?.[1])).size).toBe(
        2 * MESSAGES,
      )
      for (let n = 0; n < MESSAGES; n++)
        expect(smtp.received.filter((raw) => raw.includes(`lead${n}@example.com`)).length).toBe(2)
      process.stdout.write(
        `[${kind}] after SIGKILL: ${2 * MESSAGES} mails and ${MESSAGES} webhooks ` +
          `delivered ${seconds.toFixed(1)} s after the kill (restart + 2 s lease)\n`,
      )
    } finally {
      await server.kill("SIGKILL")
      await receiver.close()
      await smtp.close()
      await blackhole.close()
      await location.drop()
    }
  }, 60_000)
})
