import fs from "node:fs"
import type { ReleaseError } from "../../contract/releases"

/** Free space under which a failed step is put down to a full disk (what a page or a log needs). */
const FULL_BELOW_BYTES = 256 * 1024
/** Refusals that say what they are, whatever the disk: never read as a full disk. */
const NOT_THE_DISK: readonly ReleaseError[] = [
  "links",
  "code_changes",
  "dependencies",
  "running_code",
  "timeout",
  "interrupted",
]

/**
 * Whether a failed build ran out of disk: an ENOSPC met by the publisher itself (its copy, its
 * log), or a step that failed with almost nothing left free where the releases live (a build's
 * own ENOSPC reaches us only as its exit code, and its message could not be logged).
 */
export function ranOutOfDisk(
  releasesDir: string,
  failure: { code: ReleaseError; errno?: string },
  logFull: boolean,
): boolean {
  if (NOT_THE_DISK.includes(failure.code)) return false
  if (logFull || failure.errno === "ENOSPC") return true
  try {
    const { bavail, bsize } = fs.statfsSync(releasesDir)
    return bavail * bsize < FULL_BELOW_BYTES
  } catch {
    return false
  }
}
