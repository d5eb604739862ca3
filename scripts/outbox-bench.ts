// Deliveries per second through the outbox: N webhook rows queued at once, delivered by one
// worker (batch of 20 in flight) to a loopback receiver that answers 200 at once, except a
// share of first attempts answered 503 (retried after a short backoff). On SQLite, and on
// PostgreSQL when a throwaway cluster can be started (or TEST_DATABASE_URL is set).
// Usage: npm run bench:outbox [-- COUNT]
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import Fastify from "fastify"
import pg from "pg"
import { loadConfig } from "../server/config"
import { webhookSender } from "../server/outbox/webhook-sender"
import { createOutboxWorker } from "../server/outbox/worker"
import { openStore } from "../server/store"
import { startCluster } from "../server/test/postgres-cluster"

const COUNT = Number(process.argv[2] ?? 2000)
const FAIL_SHARE = 0.1
const SECRET = `whsec_${Buffer.from("bench secret of thirty-two bytes").toString("base64")}`
// A logger that writes nothing: the worker logs each retry, and the bench prints its own figures.
const quiet = Fastify({ logger: false }).log

async function receiver() {
  const seen = new Set<string>()
  let requests = 0
  const server = http.createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      requests++
      const id = String(request.headers["webhook-id"])
      const first = !seen.has(id)
      seen.add(id)
      response.writeHead(first && Math.random() < FAIL_SHARE ? 503 : 200).end()
    })
  })
  server.keepAliveTimeout = 10_000
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    requests: () => requests,
    close: () => server.close(),
  }
}

async function run(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-bench-"))
  const target = await receiver()
  const config = {
    ...loadConfig({ WEBHOOK_URLS: target.url, WEBHOOK_SECRET: SECRET, LOG_LEVEL: "silent" }),
    dataDir,
    databaseUrl,
  }
  const store = await openStore({ databaseUrl, dataDir, now: Date.now })
  let sent = 0
  let retries = 0
  const worker = createOutboxWorker(
    store.outbox,
    { webhook: webhookSender(config, store, Date.now) },
    quiet,
    Date.now,
    {
      leaseMs: 60_000,
      pollMs: 50,
      retry: { baseMs: 20, ceilingMs: 200, maxAttempts: 10 },
      recordDelivery: (_kind, result) =>
        result === "sent" ? sent++ : result === "retry" ? retries++ : null,
    },
  )
  try {
    for (let i = 0; i < COUNT; i += 500) {
      await store.outbox.enqueue(
        Array.from({ length: Math.min(500, COUNT - i) }, () => ({
          kind: "webhook" as const,
          target: target.url,
          payload: { at: new Date().toISOString() },
        })),
      )
    }
    const started = process.hrtime.bigint()
    worker.start()
    while (sent < COUNT) await new Promise((resolve) => setTimeout(resolve, 10))
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    await worker.stop()
    const counts = await store.outbox.countByStatus()
    console.log(
      `${label}: ${COUNT} webhook deliveries in ${seconds.toFixed(2)} ` +
        `s = ${Math.round(COUNT / seconds)} deliveries/s; ` +
        `${retries} retries seen (503 on ${Math.round(FAIL_SHARE * 100)}% ` +
        `of first attempts), ${target.requests()} requests, ` +
        `${target.seen.size} distinct webhook-ids; outbox ${JSON.stringify(counts)}`,
    )
  } finally {
    await worker.stop()
    await store.close()
    target.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  await run("SQLite", null)
  let url = process.env.TEST_DATABASE_URL ?? null
  const cluster = url ? null : await startCluster()
  if (cluster && typeof cluster !== "string") url = cluster.url
  if (!url) return console.log(`PostgreSQL: skipped (${cluster})`)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query("drop database if exists outbox_bench with (force)")
  await client.query("create database outbox_bench")
  await client.end()
  const db = new URL(url)
  db.pathname = "/outbox_bench"
  try {
    await run("PostgreSQL", db.toString())
  } finally {
    if (cluster && typeof cluster !== "string") cluster.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
