import fs from "node:fs"
import path from "node:path"
import { releasePublicDir } from "../releases/folders"
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
