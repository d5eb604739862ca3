import fs from "node:fs"
import path from "node:path"
import { releasePublicDir } from "../releases/folders"
import type { Store } from "../store"
import type { Finished } from "../store/releases"

/** What a build that succeeded records (store.releases.finish). */
export const READY: Finished = {
  status: "ready",
  commit: null,
  content_hash: null,
  error: null,
  error_code: null,
  next_due_at: null,
}

/** A release's public/ folder with these files, by path inside it. */
export function writeRelease(root: string, id: string, files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(releasePublicDir(root, id), name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
  }
}

type Releases = Store["releases"]

/**
 * Records releases as a build does: under the publisher's lock. A release seen "building" with
 * a free lock is, to every instance's watch, one left by a stopped instance: it fails it as
 * interrupted, and the test's `finish` then changes nothing (a flake of the tests' own making).
 */
export async function asABuild<T>(releases: Releases, record: () => Promise<T>): Promise<T> {
  const holder = `test-build-${process.pid}`
  if ((await releases.lock(holder, 60_000, null)) === null)
    throw new Error("the publisher's lock is held: a test records releases while a build runs")
  try {
    return await record()
  } finally {
    await releases.unlockKeepingPending(holder)
  }
}

/** A release created and finished as a build would, under the publisher's lock. */
export async function recordRelease(
  releases: Releases,
  row: Parameters<Releases["create"]>[0],
  finished: Finished = READY,
): Promise<void> {
  await asABuild(releases, async () => {
    await releases.create(row)
    if (!(await releases.finish(row.id, finished)))
      throw new Error(`release ${row.id} was not "building" when finished`)
  })
}
