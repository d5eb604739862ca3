import fs from "node:fs"
import os from "node:os"

/**
 * Gives the calling thread a higher nice value (a lower priority) than the process's other
 * threads: when they all want the CPU, the others go first. Linux: /proc/thread-self names the
 * thread's id, and setpriority on a thread id changes that thread only. Elsewhere, or when
 * refused, the thread keeps the process's priority; false says so.
 */
export function lowerThisThreadsPriority(nice: number): boolean {
  try {
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").pop())
    if (!Number.isInteger(threadId)) return false
    os.setPriority(threadId, nice)
    return true
  } catch {
    return false
  }
}
