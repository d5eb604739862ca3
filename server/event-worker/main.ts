import { parentPort, workerData } from "node:worker_threads"
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox"
import Fastify, { type FastifyError } from "fastify"
import { recordPost } from "../audience/record-post"
import { clientErrorAnswer, serverOptions } from "../http-error"
import { eventRoute } from "../routes/event"
import { addSecurityHeaders } from "../security-headers"
import { openStore } from "../store"
import { lowerThisThreadsPriority } from "../thread-priority"
import type { IngestThreadData, IngestThreadMessage } from "./thread"

// The event port's thread (started by thread.ts): the HTTP work, the checks, the visitor key and the
// batched writes of POST /api/event, on a connection to the store of its own.

/** A nice value above the main thread's: when both want the CPU, the contact POST goes first. */
const THREAD_NICE = 10
/** How often the write counts go to the main thread, whose GET /metrics shows them. */
const COUNTS_EVERY_MS = 2_000

const data = workerData as IngestThreadData
const port = parentPort!
const send = (message: IngestThreadMessage) => port.postMessage(message)
const failure = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function serve() {
  lowerThisThreadsPriority(THREAD_NICE)
  const store = await openStore({
    databaseUrl: data.databaseUrl,
    dataDir: data.dataDir,
    now: Date.now,
  })
  const app = Fastify({ logger: false, ...serverOptions(data.trustProxy) })
  // The same answers as the app's port: JSON bodies only, `{ error, message }` for a 4xx.
  app.removeContentTypeParser("text/plain")
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500
    if (status < 500) return reply.code(status).send(clientErrorAnswer(error, status))
    send({ kind: "error", message: failure(error) })
    return reply
      .code(500)
      .send({ error: "internal_error", message: "Something went wrong on our side." })
  })
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: "not_found",
      message: `No route for ${request.method} ${request.url.split("?")[0]} on the event port`,
    }),
  )
  addSecurityHeaders(app, data)
  eventRoute(app.withTypeProvider<TypeBoxTypeProvider>(), {
    eventRateLimit: data.eventRateLimit,
    now: Date.now,
    accept: (post) => recordPost(store, post),
  })
  const counts = setInterval(
    () => send({ kind: "counts", counts: store.audience.counts() }),
    COUNTS_EVERY_MS,
  )
  port.on("message", (message: "close") => {
    if (message !== "close") return
    // Stop accepting, let the posts in flight finish, write what is queued, then close the store.
    void (async () => {
      await app.close()
      await store.audience.drained()
      clearInterval(counts)
      send({ kind: "counts", counts: store.audience.counts() })
      await store.close()
      send({ kind: "closed" })
    })().catch((error: unknown) => send({ kind: "failed", message: failure(error) }))
  })
  await app.listen({ host: data.host, port: data.port })
  const address = app.server.address()
  send({
    kind: "listening",
    port: typeof address === "object" && address ? address.port : data.port,
  })
}

serve().catch((error: unknown) => send({ kind: "failed", message: failure(error) }))
