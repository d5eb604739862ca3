interface Pending<T> {
  item: T
  resolve: () => void
  reject: (error: unknown) => void
}

// Collects writes that arrive while a commit is in flight and commits them together, so
// that durability costs one disk sync per batch instead of one per request. Each caller's
// promise settles only after its own row is committed.
export function groupCommit<T>(commit: (items: T[]) => Promise<void>, maxBatch = 500) {
  let queue: Pending<T>[] = []
  let scheduled = false

  async function commitBatch(batch: Pending<T>[]) {
    try {
      await commit(batch.map((entry) => entry.item))
      for (const entry of batch) entry.resolve()
    } catch (error) {
      // One bad row must not fail its neighbours: retry them one by one.
      if (batch.length === 1) return batch[0].reject(error)
      for (const entry of batch) await commitBatch([entry])
    }
  }

  async function flush() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      await commitBatch(batch)
    }
    scheduled = false
  }

  return (item: T) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
