import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import { nextDue } from "../../content-kit/publication"
import type { ReleaseError } from "../../contract/releases"
import type { Clock } from "../store/query-helpers"
import { BuildRefused, buildRelease, verifyRelease } from "./build-release"
import {
  buildLogFile,
  newReleaseId,
  pointCurrentAt,
  releaseDir,
  releasePublicDir,
  removeRelease,
  writeManifest,
} from "./folders"
import { recordBuild } from "./metrics"
import type { ReleasesConfig } from "./releases-config"
import type { PendingRequest, ReleasesRepository, ReleaseRow } from "./store"

/** The lock outlives a build only this long past its last renewal (an instance killed mid-build). */
const LOCK_TTL_MS = 120_000
const RENEW_MS = 20_000

export type Trigger = "command" | "admin" | "webhook" | "schedule"

/** What the timer asks for, and a build that finishes after a held-back post came due. */
export const SCHEDULED = { trigger: "schedule", actor: null } as const

export interface PublishRequest {
  trigger: Trigger
  /** Who asked: an admin's username, "github" for a push, null for a shell or the timer. */
  actor: string | null
  preview?: boolean
  /** A preview may build another branch than PUBLISH_BRANCH. */
  branch?: string
}

export type Started =
  { state: "started"; done: Promise<ReleaseRow> } | { state: "queued" | "busy"; done: null }

/** What the publisher logs through: the server's logger, or the command's console. */
export interface PublisherLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export interface PublisherDeps {
  config: ReleasesConfig
  releases: ReleasesRepository
  now: Clock
  log: PublisherLog
  /** The code the instances run (the project's root folder). */
  serverRoot: string
}

/**
 * Builds releases and switches the live pointer: one build at a time across instances (the
 * store's lock); a request that arrives during a build is coalesced into one next build.
 */
export function createPublisher({ config, releases, now, log, serverRoot }: PublisherDeps) {
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`

  async function buildOne(request: PublishRequest): Promise<ReleaseRow> {
    const preview = request.preview === true
    const started = now()
    const id = newReleaseId(started, null, randomBytes(3).toString("hex"))
    fs.mkdirSync(releaseDir(config.releasesDir, id), { recursive: true })
    const previewToken = preview ? randomBytes(24).toString("base64url") : null
    await releases.create({
      id,
      kind: preview ? "preview" : "live",
      trigger: request.trigger,
      actor: request.actor,
      started_at: started,
      preview_token: previewToken,
    })
    const logStream = fs.createWriteStream(buildLogFile(config.releasesDir, id))
    const renew = setInterval(
      () => void releases.renew(holder, LOCK_TTL_MS).catch(() => undefined),
      RENEW_MS,
    )
    let commit: string | null = null
    let contentHash: string | null = null
    let heldBack: Awaited<ReturnType<typeof buildRelease>>["heldBack"] = []
    let error: string | null = null
    let errorCode: ReleaseError | null = null
    try {
      const built = await buildRelease(config, {
        id,
        now: started,
        preview,
        branch: request.branch ?? config.publishBranch,
        serverRoot,
        log: logStream,
      })
      ;({ commit, contentHash, heldBack } = built)
    } catch (caught) {
      errorCode = caught instanceof BuildRefused ? caught.code : "internal"
      error =
        caught instanceof BuildRefused
          ? caught.message
          : `The build failed: ${(caught as Error).message}`
      logStream.write(`\n${error}\n`)
      fs.rmSync(releasePublicDir(config.releasesDir, id), { recursive: true, force: true })
    } finally {
      clearInterval(renew)
      await new Promise<void>((resolve) => logStream.end(resolve))
    }
    const status = error ? "failed" : "ready"
    const dueAt = nextDue(heldBack)
    await releases.finish(id, {
      status,
      commit,
      content_hash: contentHash,
      error,
      error_code: errorCode,
      next_due_at: dueAt,
    })
    writeManifest(config.releasesDir, {
      id,
      kind: preview ? "preview" : "live",
      commit,
      contentHash,
      trigger: request.trigger,
      actor: request.actor,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(now()).toISOString(),
      result: status,
      error,
      heldBack: heldBack.map((post) => ({
        file: post.file,
        reason: post.reason,
        dueAt: post.dueAt === null ? null : new Date(post.dueAt).toISOString(),
      })),
    })
    recordBuild(status, (now() - started) / 1000)
    const release = (await releases.get(id))!
    if (status === "ready" && !preview) await switchTo(release.id, request.actor ?? request.trigger)
    else if (status === "ready") await prune()
    log[error ? "error" : "info"](
      { release: id, trigger: request.trigger, commit, seconds: (now() - started) / 1000, error },
      error ? "release build failed; the live site is unchanged" : "release built",
    )
    return release
  }

  /**
   * The timer's question: is a post that the live release held back due, and has no live build
   * started since (a failing build is not retried every minute)? A preview started since does
   * not count: it publishes nothing, and the post would otherwise wait for the next publish.
   */
  async function scheduledDue(): Promise<boolean> {
    const live = await releases.liveId()
    const release = live ? await releases.get(live) : null
    const due = release?.next_due_at
    if (due == null || due > now()) return false
    const lastStart = await releases.lastLiveStart()
    return lastStart === null || lastStart < due
  }

  async function switchTo(id: string, by: string | null): Promise<boolean> {
    if (!(await releases.switchTo(id, by))) return false
    pointCurrentAt(config.releasesDir, id)
    await prune()
    return true
  }

  async function prune(): Promise<void> {
    const old = await releases.prunable(config.releasesKeep)
    for (const id of old) removeRelease(config.releasesDir, id)
    await releases.markPruned(old)
  }

  return {
    holder,

    /**
     * Takes the publisher if no other build runs and builds (then whatever was asked
     * meanwhile): `done` resolves with the last build. Otherwise the request is queued for
     * the running build's holder (a live publish) or refused as busy (a preview).
     */
    async start(request: PublishRequest): Promise<Started> {
      const asked: PendingRequest = { trigger: request.trigger, actor: request.actor }
      // A preview is not coalesced with a queued publish: it waits for a free publisher.
      if (!(await releases.lock(holder, LOCK_TTL_MS, request.preview ? null : asked)))
        return { state: request.preview ? "busy" : "queued", done: null }
      const done = (async (): Promise<ReleaseRow> => {
        try {
          await releases.failInterrupted()
          let release = await buildOne(request)
          for (;;) {
            // Coalesced: everything asked during the build becomes one more build.
            const next = await releases.nextOrUnlock(holder, LOCK_TTL_MS)
            if (next !== null) {
              release = await buildOne({ trigger: next.trigger as Trigger, actor: next.actor })
              continue
            }
            // A post that came due while it built goes live now, not at the timer's next tick
            // (up to 30 s later). An instance that took the lock in between builds a commit
            // fetched after the due time, with the post: nothing to ask of it.
            if (!config.publishSchedule || !(await scheduledDue())) break
            if (!(await releases.lock(holder, LOCK_TTL_MS, null))) break
            release = await buildOne(SCHEDULED)
          }
          return release
        } catch (error) {
          log.error({ err: error }, "publisher stopped")
          await releases.nextOrUnlock(holder, 0).catch(() => null)
          throw error
        }
      })()
      done.catch(() => undefined) // the caller may not wait; the log has it
      return { state: "started", done }
    },

    /**
     * Makes a build made elsewhere (PUBLIC_DIR after `npm run build`) a release and switches
     * to it: the first release of a site that was served from its live folder until now.
     */
    async adopt(publicDir: string, commit: string | null): Promise<ReleaseRow> {
      const missing = verifyRelease(publicDir)
      if (missing.length > 0)
        throw new BuildRefused(
          "verify",
          `${publicDir} lacks key pages: ${missing.slice(0, 6).join(", ")}`,
        )
      const started = now()
      const id = newReleaseId(started, null, randomBytes(3).toString("hex"))
      await releases.create({
        id,
        kind: "live",
        trigger: "command",
        actor: null,
        started_at: started,
        preview_token: null,
      })
      fs.cpSync(publicDir, releasePublicDir(config.releasesDir, id), { recursive: true })
      fs.writeFileSync(buildLogFile(config.releasesDir, id), `adopted ${publicDir}\n`)
      await releases.finish(id, {
        status: "ready",
        commit,
        content_hash: null,
        error: null,
        error_code: null,
        next_due_at: null,
      })
      await switchTo(id, "command")
      return (await releases.get(id))!
    },

    /** Points the site back at an earlier ready release (the one before the live one by default). */
    async rollback(id: string | null, by: string | null): Promise<ReleaseRow | null> {
      const live = await releases.liveId()
      const candidates = (await releases.list(100)).filter(
        (release) => release.kind === "live" && release.status === "ready",
      )
      const target = id
        ? candidates.find((release) => release.id === id)
        : candidates.find((release) => release.id !== live && live !== null && release.id < live)
      if (!target || !fs.existsSync(releasePublicDir(config.releasesDir, target.id))) return null
      if (!(await switchTo(target.id, by))) return null
      log.info({ release: target.id, from: live, by }, "rolled back")
      return target
    },

    scheduledDue,
  }
}

export type Publisher = ReturnType<typeof createPublisher>
