/** How the buffer writes: small chunks, and a turn of the event loop every few milliseconds. */
export interface EventBufferOptions {
  /** Rows per insert: better-sqlite3 runs synchronously, so this bounds how long one write holds the loop. */
  chunkRows: number
  /** Writing yields to the event loop once it has run this long, after one chunk at least. */
  sliceMs: number
  /** Events arriving within this window share a write: fewer commits during a burst. */
  gatherMs: number
  /** Events waiting beyond this are dropped (and counted): a flood must not fill the memory. */
  maxQueued: number
}

export const EVENT_BUFFER: EventBufferOptions = {
  chunkRows: 200,
  sliceMs: 4,
  gatherMs: 50,
  maxQueued: 50_000,
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Events wait in memory and are written in small chunks, with a turn of the event loop every
 * few milliseconds: a burst of events never holds the loop for long, so a contact POST arriving
 * meanwhile waits for a slice at most, not for the burst. Unlike contact messages,
 * nobody waits for an event's commit (the route answered 202), so there is no promise per event.
 */
export function eventBuffer<T>(
  insert: (rows: T[]) => Promise<void>,
  options: EventBufferOptions = EVENT_BUFFER,
) {
  let queue: T[] = []
  let head = 0
  let flushing = false
  let waiters: (() => void)[] = []
  const counts = { batches: 0, stored: 0, dropped: 0, failed: 0 }

  async function flush() {
    let sliceStart = performance.now()
    while (head < queue.length) {
      const rows = queue.slice(head, head + options.chunkRows)
      head += rows.length
      if (head === queue.length) [queue, head] = [[], 0]
      try {
        await insert(rows)
        counts.batches += 1
        counts.stored += rows.length
      } catch {
        // The rows were validated at the door, so a failure is the store's (full, read-only):
        // the chunk is lost and counted, and the next chunk tries again.
        counts.failed += rows.length
      }
      if (performance.now() - sliceStart >= options.sliceMs) {
        await nextTurn()
        sliceStart = performance.now()
      }
    }
    flushing = false
    for (const resolve of waiters) resolve()
    waiters = []
  }

  return {
    /** Queues an event for the next write; false when the queue is full and the event dropped. */
    push(row: T): boolean {
      if (queue.length - head >= options.maxQueued) {
        counts.dropped += 1
        return false
      }
      queue.push(row)
      if (!flushing) {
        flushing = true
        setTimeout(() => void flush(), options.gatherMs)
      }
      return true
    },
    /** Resolves once every queued event is written (or failed): shutdown and tests wait for it. */
    drained: (): Promise<void> =>
      flushing ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve(),
    counts: () => ({ ...counts }),
  }
}
