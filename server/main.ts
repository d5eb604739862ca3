import { type BuildOptions, buildApp } from "./app"
import { ConfigError, loadConfig } from "./config"
import { type IngestThread, startIngestThread, withThreadCounts } from "./event-worker/thread"
import { exposeAudienceCounts } from "./metrics/registry"
import { StoreOpenError } from "./store/database"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main(options: BuildOptions) {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`Configuration error: ${error.message}\n`)
    process.exit(2)
  }
  const { app, generatedPassword, readiness, store, publisher } = await buildApp(config, options)
  let events: IngestThread | null = null
  if (generatedPassword) {
    // stderr, not stdout: stdout is the JSON log stream, which may be shipped and kept elsewhere.
    process.stderr.write(
      `\nAdmin account created: user "${config.adminUsername}", password "${generatedPassword}".\n` +
        "It is shown only this once; change it with `npm run admin -- set-password`.\n\n",
    )
  }

  // SIGTERM (systemd, a container runtime): /readyz turns 503 at once, a release build stops
  // (server/releases/publisher.ts), requests are still
  // served for SHUTDOWN_DRAIN_MS so a balancer polling /readyz stops sending first, then
  // close() stops accepting, lets requests in flight finish (their group commits included)
  // and closes the store. SIGINT (Ctrl-C in a terminal) skips the drain. A second signal,
  // or SHUTDOWN_TIMEOUT_MS passing, ends the process at once with status 1.
  let stopping = false
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, "second signal: exiting without waiting")
      process.exit(1)
    }
    stopping = true
    readiness.drain()
    // A build ends at once (its processes too) and fails as interrupted, not after the drain:
    // what was asked meanwhile is left for the next instance (app.close() waits for this).
    void publisher.stop()
    const drainMs = signal === "SIGTERM" ? config.shutdownDrainMs : 0
    app.log.info({ signal, drainMs, timeoutMs: config.shutdownTimeoutMs }, "shutting down")
    setTimeout(() => {
      app.log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        "shutdown timed out: exiting with requests still open",
      )
      process.exit(1)
    }, config.shutdownTimeoutMs).unref()
    try {
      await sleep(drainMs)
      // The event port first: its last posts go to the store before the store closes.
      await events?.close()
      await app.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed")
      process.exit(1)
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"))
  process.on("SIGINT", () => void shutdown("SIGINT"))

  // The event port before the app's: once /healthz answers, so does POST /api/event there, and
  // a port already in use stops the start before the site takes any request.
  if (config.analytics && config.eventPort !== null) {
    events = await startIngestThread(config, app.log)
    exposeAudienceCounts(withThreadCounts(store.audience.counts, events))
    app.log.info({ port: events.port }, "event port listening (POST /api/event)")
  }
  await app.listen({ host: config.host, port: config.port })
}

/** The server process; tests start it with options of their own (server/test/server-process.ts). */
export function serve(options: BuildOptions = {}): void {
  main(options).catch(failed)
}

function failed(error: unknown): never {
  // Found once the store is open, such as a TOTP key that is not the store's.
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`)
    process.exit(2)
  }
  // A data folder that is read-only or full: the operator needs the reason, not a stack trace.
  if (error instanceof StoreOpenError) {
    process.stderr.write(`Server failed to start: ${error.message}\n`)
    process.exit(1)
  }
  process.stderr.write(
    `Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
}

if (require.main === module) serve()
