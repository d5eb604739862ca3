import fs from "node:fs"
import path from "node:path"

/**
 * The releases folder (RELEASES_DIR), shared by every instance of one machine:
 *   <id>/public/          the immutable build
 *   <id>/manifest.json    commit, content hash, trigger, times, result, held-back posts
 *   <id>/build.log        what the build printed (kept for a failed one too)
 *   <id>/preview-token    a preview's secret token, for the owners who share its link (the
 *                         store keeps its hash only); mode 0600
 *   current -> <id>       the live release, for nginx (written after the store's pointer)
 *   workspace/            the publisher's checkout of the content repository
 */
export interface ReleaseManifest {
  id: string
  kind: "live" | "preview"
  commit: string | null
  contentHash: string | null
  trigger: string
  actor: string | null
  startedAt: string
  finishedAt: string | null
  result: "ready" | "failed"
  error: string | null
  /** Posts left out of this build: drafts, and scheduled ones with their due time. */
  heldBack: { file: string; reason: "draft" | "scheduled"; dueAt: string | null }[]
}

export const CURRENT_LINK = "current"
export const WORKSPACE = "workspace"

export const releaseDir = (root: string, id: string) => path.join(root, id)
export const releasePublicDir = (root: string, id: string) => path.join(root, id, "public")
export const buildLogFile = (root: string, id: string) => path.join(root, id, "build.log")
export const previewTokenFile = (root: string, id: string) => path.join(root, id, "preview-token")

/** A release id sorts by time: 20261125T081500Z-<short commit or "local">-<random>. */
export function newReleaseId(at: number, commit: string | null, random: string): string {
  const stamp = new Date(at).toISOString().replace(/[-:]|\.\d+/g, "")
  return `${stamp}-${commit ? commit.slice(0, 10) : "local"}-${random}`
}

/** Only what newReleaseId makes: a path parameter never walks out of the folder. */
export const isReleaseId = (value: string) => /^\d{8}T\d{6}Z-[0-9a-z]+-[0-9a-f]{6}$/.test(value)

export function writeManifest(root: string, manifest: ReleaseManifest): void {
  const file = path.join(releaseDir(root, manifest.id), "manifest.json")
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`)
  fs.renameSync(`${file}.tmp`, file)
}

export function readBuildLog(root: string, id: string, maxBytes = 256 * 1024): string | null {
  const file = buildLogFile(root, id)
  if (!fs.existsSync(file)) return null
  const size = fs.statSync(file).size
  const fd = fs.openSync(file, "r")
  try {
    const length = Math.min(size, maxBytes)
    const buffer = Buffer.alloc(length)
    fs.readSync(fd, buffer, 0, length, size - length)
    return buffer.toString("utf8")
  } finally {
    fs.closeSync(fd)
  }
}

/** Repoints `current` in one rename, so nginx never sees it missing. */
export function pointCurrentAt(root: string, id: string): void {
  const link = path.join(root, CURRENT_LINK)
  const temporary = `${link}.${process.pid}.tmp`
  fs.rmSync(temporary, { force: true })
  fs.symlinkSync(id, temporary)
  fs.renameSync(temporary, link)
}

export function removeRelease(root: string, id: string): void {
  fs.rmSync(path.join(releaseDir(root, id), "public"), { recursive: true, force: true })
  fs.rmSync(previewTokenFile(root, id), { force: true })
}
