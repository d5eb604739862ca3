import { Counter, Gauge } from "prom-client"
import { registry } from "./metrics/registry"
import { isStoreUnwritable } from "./store/database"

const writableGauge = new Gauge({
  name: "store_writable",
  help: "1 while the store accepts writes, 0 while it refuses them (disk full, read-only)",
  registers: [registry],
})
const refused = new Counter({
  name: "store_writes_refused_total",
  help: "Requests answered 503 store_unwritable",
  registers: [registry],
})
writableGauge.set(1)

/** How often at most the store is probed with a write (by /readyz, and by a timer while it refuses). */
export const WRITE_PROBE_INTERVAL_MS = 5_000
/** What a refused request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30

type Log = { warn(object: object, message: string): void; info(message: string): void }

/**
 * Whether the store can write now. A request whose write fails for lack of room or because the
 * store is read-only turns it off; a write probe (a small row of about a message's size, at most
 * every 5 s, from /readyz and from a timer while it is off) turns it on again. Each change is
 * one log line and the `store_writable` gauge, so the operator hears of it once, not per request.
 */
export function createStoreWritability(
  probe: () => Promise<void>,
  log: Log,
  now: () => number = Date.now,
) {
  let writable = true
  let lastProbe = 0
  let probing: Promise<boolean> | null = null
  let timer: NodeJS.Timeout | null = null

  const set = (next: boolean, error?: unknown) => {
    if (next === writable) return
    writable = next
    writableGauge.set(next ? 1 : 0)
    if (next) {
      log.info("store writes again")
      if (timer) clearInterval(timer)
      timer = null
    } else {
      const code = String((error as { code?: unknown } | undefined)?.code ?? "unknown")
      log.warn(
        { code },
        "store cannot write (disk full or read-only): writes answer " +
          "503 and /readyz says not ready until a write succeeds",
      )
      timer ??= setInterval(() => void check(true), WRITE_PROBE_INTERVAL_MS).unref()
    }
  }

  async function runProbe(): Promise<boolean> {
    lastProbe = now()
    try {
      await probe()
      set(true)
    } catch (error) {
      if (isStoreUnwritable(error)) set(false, error)
      else throw error
    }
    return writable
  }

  /** Probes at most every WRITE_PROBE_INTERVAL_MS (concurrent callers share one probe). */
  function check(force = false): Promise<boolean> {
    if (!force && now() - lastProbe < WRITE_PROBE_INTERVAL_MS) return Promise.resolve(writable)
    probing ??= runProbe().finally(() => (probing = null))
    return probing
  }

  return {
    get writable() {
      return writable
    },
    /** A request failed to write: true (and the state off) when it is for lack of room or a read-only store. */
    refused(error: unknown): boolean {
      if (!isStoreUnwritable(error)) return false
      refused.inc()
      set(false, error)
      return true
    },
    check,
    close() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}

export type StoreWritability = ReturnType<typeof createStoreWritability>
