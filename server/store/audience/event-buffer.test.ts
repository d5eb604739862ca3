import { eventBuffer } from "./event-buffer"

const options = { chunkRows: 3, sliceMs: 0, gatherMs: 0, maxQueued: 10 }

describe("the audience's event buffer", () => {
  it("writes queued events in chunks of at most chunkRows, in order", async () => {
    const writes: number[][] = []
    const buffer = eventBuffer<number>(async (rows) => void writes.push(rows), options)
    for (let i = 0; i < 8; i++) buffer.push(i)
    await buffer.drained()
    expect(writes).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ])
    expect(buffer.counts()).toMatchObject({ batches: 3, stored: 8, dropped: 0, failed: 0 })
  })

  it("lets the event loop run between slices of a long write", async () => {
    const order: string[] = []
    const buffer = eventBuffer<number>(async (rows) => {
      // Scheduled from inside the first write: it runs before the last write only if the flush
      // yields to the event loop between slices (whatever the machine's load).
      if (order.length === 0) setImmediate(() => order.push("other work"))
      order.push(`write ${rows[0]}`)
    }, options)
    for (let i = 0; i < 9; i++) buffer.push(i)
    await buffer.drained()
    expect(order.indexOf("other work")).toBeGreaterThan(0)
    expect(order.indexOf("other work")).toBeLessThan(order.length - 1)
  })

  it("drops and counts what arrives beyond maxQueued, keeping the memory bounded", async () => {
    const stored: number[] = []
    const buffer = eventBuffer<number>(async (rows) => void stored.push(...rows), options)
    const accepted = Array.from({ length: 15 }, (_, i) => buffer.push(i))
    expect(accepted.filter(Boolean)).toHaveLength(10)
    await buffer.drained()
    expect(stored).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(buffer.counts()).toMatchObject({ stored: 10, dropped: 5 })
  })

  it("counts a chunk the store refused as failed and goes on with the next", async () => {
    const stored: number[] = []
    const buffer = eventBuffer<number>(async (rows) => {
      if (rows.includes(4)) throw new Error("SQLITE_FULL")
      stored.push(...rows)
    }, options)
    for (let i = 0; i < 7; i++) buffer.push(i)
    await buffer.drained()
    expect(stored).toEqual([0, 1, 2, 6])
    expect(buffer.counts()).toMatchObject({ stored: 4, failed: 3 })
  })

  it("is drained at once when nothing waits, and after a later push only once it is written", async () => {
    let written = 0
    const buffer = eventBuffer<number>(async (rows) => void (written += rows.length), options)
    await buffer.drained()
    buffer.push(1)
    await buffer.drained()
    expect(written).toBe(1)
  })
})
