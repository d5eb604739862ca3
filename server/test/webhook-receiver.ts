// A real HTTP receiver on loopback for the webhook tests: it checks each Standard Webhooks
// signature as a receiver would, answers the first requests with the failures it is given,
// and keeps what it got.
import http from "node:http"
import type { AddressInfo } from "node:net"
import { verify } from "../outbox/webhook-signature"

/** How to answer one request: a status, or "hang" (never answer: the sender's timeout). */
export type Answer = number | "hang"

export interface Received {
  path: string
  id: string
  verified: boolean
  body: any
}

/** `delayMs`: how long each answer waits, so that deliveries overlap in time. */
export async function startReceiver(key: Buffer | null, failFirst: Answer[] = [], delayMs = 0) {
  const received: Received[] = []
  const inFlight = new Set<string>()
  /** webhook-ids that arrived while a request with the same id was still unanswered. */
  const overlaps: string[] = []
  const script = [...failFirst]
  const hanging = new Set<http.ServerResponse>()
  const server = http.createServer((request, response) => {
    let text = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (text += chunk))
    request.on("end", () => {
      const id = String(request.headers["webhook-id"] ?? "")
      const verified =
        key !== null && verify(key, request.headers, text, Math.floor(Date.now() / 1000))
      const answer = script.shift() ?? 200
      received.push({ path: request.url ?? "/", id, verified, body: JSON.parse(text) })
      if (answer === "hang") return void hanging.add(response)
      if (inFlight.has(id)) overlaps.push(id)
      inFlight.add(id)
      setTimeout(() => {
        inFlight.delete(id)
        response.writeHead(answer, answer === 429 ? { "retry-after": "0" } : {}).end()
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    overlaps,
    /** What a receiver keeps after dropping repeated webhook-ids. */
    unique: (path = "/") => [
      ...new Map(received.filter((r) => r.path === path && r.id).map((r) => [r.id, r])).values(),
    ],
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
