import fs from "node:fs"
import path from "node:path"
import type { FastifyBaseLogger } from "fastify"
import { type Site, type SiteFile, servedFiles, siteFileAt } from "../static/site-files"
import type { ReleasesRepository } from "../store/releases"
import { hashPreviewToken } from "../store/releases/preview-token-hash"
import { releasePublicDir } from "./folders"

/** How often an instance reads the live pointer: a switch is served within this (plus the load). */
export const POLL_MS = 500
/** Sites of earlier releases kept in memory, so a page loaded before a switch finds its chunks. */
const KEPT_IN_MEMORY = 2
/** A preview's token is looked up again after this long (a pruned preview stops being served). */
const PREVIEW_TTL_MS = 10_000
/** Previews kept loaded, the least recently served one going first; an unknown token evicts none. */
const PREVIEWS_IN_MEMORY = 3
/** How far back the history is read for earlier live releases whose bundles may still be asked. */
const OLDER_RELEASES_READ = 100

/** A bundle or asset whose name carries its content's hash: the same URL never changes. */
export const isHashedAsset = (urlPath: string) =>
  urlPath.startsWith("/static/") || /[-.][0-9a-f]{16,}\.(m?js|css)$/.test(urlPath)

export interface LiveSite extends Site {
  /** The live release's id; null while the site comes from PUBLIC_DIR (no release yet). */
  liveId(): string | null
  /** A hashed asset of a release served before this one (memory first, then its folder). */
  older(urlPath: string): SiteFile | null
  /** The preview release behind a secret token, or null. */
  preview(token: string): Promise<Site | null>
  /** Reads the pointer now and swaps the site when it moved (the timer calls it every POLL_MS). */
  refresh(): Promise<void>
  close(): void
}

export interface LiveSiteOptions {
  releases: ReleasesRepository
  releasesDir: string
  publicDir: string
  load: (publicDir: string) => Site
  log: FastifyBaseLogger
  /** CMS_ENABLED: whether an earlier release's /cms/ bundles may be served. */
  cmsEnabled: boolean
  pollMs?: number
}

/**
 * The site every request is served from: the live release named by the store's pointer, or
 * PUBLIC_DIR before the first release (a plain `npm run build && npm start`). Each instance
 * follows the pointer by itself, so a switch or a rollback needs no restart.
 */
export async function createLiveSite(options: LiveSiteOptions): Promise<LiveSite> {
  const { releases, releasesDir, log } = options
  let currentId: string | null = null
  let current: Site
  const previous: Site[] = []
  /** Keyed by the token's hash; in the order served, the least recent first. */
  const previews = new Map<string, { id: string; site: Site; at: number }>()
  /**
   * The hashed files of earlier live releases still on disk, newest release first, each as
   * its own walk listed them: a request path is only ever a key here, never joined to a folder.
   */
  let olderFiles: { id: string; files: Map<string, string> }[] = []

  const loadRelease = (id: string): Site | null => {
    const dir = releasePublicDir(releasesDir, id)
    if (!fs.existsSync(path.join(dir, "index.html"))) return null
    return options.load(dir)
  }

  let initialId: string | null = null
  try {
    initialId = await releases.liveId()
  } catch (error) {
    log.warn({ err: error }, "live release unknown at start (store); serving PUBLIC_DIR")
  }
  const initial = initialId ? loadRelease(initialId) : null
  if (initialId && !initial)
    log.error({ release: initialId }, "live release folder missing; serving PUBLIC_DIR")
  current = initial ?? options.load(options.publicDir)
  currentId = initial ? initialId : null

  // Previews are never listed: what only a preview has is served only behind its cookie.
  const listOlder = async () => {
    const ids = (await releases.list(OLDER_RELEASES_READ))
      .filter((row) => row.kind === "live" && row.status === "ready" && row.id !== currentId)
      .map((row) => row.id)
    olderFiles = ids.map((id) => ({
      id,
      files:
        olderFiles.find((older) => older.id === id)?.files ??
        new Map(
          [...servedFiles(releasePublicDir(releasesDir, id), options.cmsEnabled)].filter(
            ([urlPath]) => isHashedAsset(urlPath),
          ),
        ),
    }))
  }
  try {
    await listOlder()
  } catch (error) {
    log.warn({ err: error }, "earlier releases unknown at start (store)")
  }

  let refreshing: Promise<void> | null = null
  // A store that cannot be read (PostgreSQL restarting) is said once per outage, not at every
  // poll; the release loaded is served meanwhile, and the next poll after it follows a switch.
  let unreadable = false
  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        const id = await releases.liveId()
        if (unreadable) log.info({ release: currentId }, "live release readable again")
        unreadable = false
        if (!id || id === currentId) return
        const started = Date.now()
        const next = loadRelease(id)
        if (!next) {
          log.error({ release: id }, "live release folder missing; still serving the previous one")
          return
        }
        previous.unshift(current)
        previous.length = Math.min(previous.length, KEPT_IN_MEMORY)
        current = next
        const from = currentId
        currentId = id
        await listOlder()
        log.info({ release: id, from, loadMs: Date.now() - started }, "now serving release")
      } catch (error) {
        if (!unreadable)
          log.warn(
            { err: error, release: currentId },
            "could not read the live release; serving the one loaded",
          )
        unreadable = true
      } finally {
        refreshing = null
      }
    })())

  const timer = setInterval(() => void refresh(), options.pollMs ?? POLL_MS)
  timer.unref()

  const fromFolders = (urlPath: string): SiteFile | null => {
    for (const { files } of olderFiles) {
      const file = files.get(urlPath)
      if (file && fs.existsSync(file)) return siteFileAt(file, urlPath)
    }
    return null
  }

  return {
    get files() {
      return current.files
    },
    get adminShell() {
      return current.adminShell
    },
    notFoundPage: (urlPath) => current.notFoundPage(urlPath),
    liveId: () => currentId,
    older(urlPath) {
      if (!isHashedAsset(urlPath)) return null
      for (const site of previous) {
        const file = site.files.get(urlPath)
        if (file) return file
      }
      return fromFolders(urlPath)
    },
    async preview(token) {
      const key = hashPreviewToken(token)
      const cached = previews.get(key)
      if (cached && Date.now() - cached.at < PREVIEW_TTL_MS) {
        previews.delete(key)
        previews.set(key, cached)
        return cached.site
      }
      const release = await releases.byPreviewToken(token)
      // Looked up again: another request may have loaded it meanwhile.
      const known = previews.get(key)
      previews.delete(key)
      if (!release) return null
      const site = known?.id === release.id ? known.site : loadRelease(release.id)
      if (!site) return null
      previews.set(key, { id: release.id, site, at: Date.now() })
      for (const stale of previews.keys()) {
        if (previews.size <= PREVIEWS_IN_MEMORY) break
        previews.delete(stale)
      }
      return site
    },
    refresh,
    close: () => clearInterval(timer),
  }
}
