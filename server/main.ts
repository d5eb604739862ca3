import { buildApp } from "./app"
import { ConfigError, loadConfig } from "./config"
import { StoreOpenError } from "./store/database"

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`Configuration error: ${error.message}\n`)
    process.exit(2)
  }
  const { app, generatedPassword } = await buildApp(config)
  if (generatedPassword) {
    // Printed to the terminal, not to the structured log, which may be shipped elsewhere.
    process.stdout.write(
      `\nAdmin account created: user "${config.adminUsername}", password "${generatedPassword}".\n` +
        "It is shown only this once; change it with `npm run admin -- set-password`.\n\n",
    )
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, "shutting down")
    // close() stops accepting connections, waits for requests in flight, then closes the store.
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, "shutdown failed")
        process.exit(1)
      },
    )
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"))
  process.on("SIGINT", () => shutdown("SIGINT"))

  await app.listen({ host: config.host, port: config.port })
}

main().catch((error) => {
  // A data folder that is read-only or full: the operator needs the reason, not a stack trace.
  if (error instanceof StoreOpenError) {
    process.stderr.write(`Server failed to start: ${error.message}\n`)
    process.exit(1)
  }
  process.stderr.write(`Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
