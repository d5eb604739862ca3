import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { nextDue } from "../../content-kit/publication"
import type { ReleaseError } from "../../contract/releases"
import type { ReleasesConfig } from "../config/releases"
import type { Clock } from "../store/query-helpers"
import type {
  NewPending,
  PendingRequest,
  ReleasesRepository,
  ReleaseRow,
  Taken,
} from "../store/releases"
import { BuildRefused, buildRelease, verifyRelease } from "./build-release"
import { ranOutOfDisk } from "./disk-full"
import {
  buildLogFile,
  newReleaseId,
  pointCurrentAt,
  releaseDir,
  releasePublicDir,
  removeRelease,
  WORKSPACE,
  writeManifest,
} from "./folders"
import { recordBuild, recordInterrupted } from "./metrics"

/** How often every instance looks for a lock whose holder died (docs/OPERATIONS.md §5). */
export const watchEveryMs = (lockTtlMs: number) => Math.min(5_000, Math.max(500, lockTtlMs / 6))

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
  const ttl = config.publishLockTtlMs
  // A quarter of the lock's life: three renewals may fail (a slow store) before it is lost.
  // The builds run in child processes, so the event loop is free to renew.
  const renewMs = Math.floor(ttl / 4)
  /** This instance's builds while it holds the lock: stopped with the instance. */
  let running: { controller: AbortController; done: Promise<unknown> } | null = null
  let stopping = false

  async function buildOne(
    request: PublishRequest,
    controller: AbortController,
  ): Promise<ReleaseRow> {
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
    // A full disk fails the log's writes: said once, never an uncaught error of the instance.
    let logFull = false
    logStream.on("error", (caught: NodeJS.ErrnoException) => {
      logFull ||= caught.code === "ENOSPC"
      log.error({ err: caught, release: id }, "the build log could not be written")
    })
    // Lost: another instance took the lock, marked this build interrupted and may build already.
    const lost = "this instance lost the publisher's lock during the build"
    const renew = setInterval(
      () =>
        void releases.renew(holder, ttl).then(
          (kept) => kept || controller.abort(lost),
          () => undefined, // a slow store: the next renewal tries again
        ),
      renewMs,
    )
    let commit: string | null = null
    let contentHash: string | null = null
    let heldBack: Awaited<ReturnType<typeof buildRelease>>["heldBack"] = []
    let error: string | null = null
    let errorCode: ReleaseError | null = null
    const fail = (code: ReleaseError, message: string, errno?: string) => {
      const full = ranOutOfDisk(config.releasesDir, { code, errno }, logFull)
      errorCode = full ? "disk_full" : code
      error = full
        ? `The disk holding RELEASES_DIR is full (${message}): the partial build is removed; ` +
          "free space, then publish again."
        : message
      if (!logStream.destroyed) logStream.write(`\n${error}\n`)
      fs.rmSync(releasePublicDir(config.releasesDir, id), { recursive: true, force: true })
      // The build's output in the workspace too: on a full disk, the room the next build needs.
      if (full)
        fs.rmSync(path.join(config.releasesDir, WORKSPACE, "public"), {
          recursive: true,
          force: true,
        })
    }
    try {
      const built = await buildRelease(config, {
        id,
        now: started,
        preview,
        branch: request.branch ?? config.publishBranch,
        serverRoot,
        log: logStream,
        signal: controller.signal,
      })
      ;({ commit, contentHash, heldBack } = built)
    } catch (caught) {
      if (caught instanceof BuildRefused) fail(caught.code, caught.message)
      else {
        const errno = (caught as NodeJS.ErrnoException).code
        fail("internal", `The build failed: ${(caught as Error).message}`, errno)
      }
    } finally {
      clearInterval(renew)
    }
    if (!error && !(await releases.renew(holder, ttl))) fail("interrupted", `interrupted: ${lost}`)
    // A log that failed (a full disk) is destroyed: ending it would wait for ever.
    await new Promise<void>((resolve) =>
      logStream.destroyed ? resolve() : logStream.end(() => resolve()),
    )
    // Not when it was marked interrupted meanwhile: that stays.
    await releases.finish(id, {
      status: error ? "failed" : "ready",
      commit,
      content_hash: contentHash,
      error,
      error_code: errorCode,
      next_due_at: nextDue(heldBack),
    })
    const release = (await releases.get(id))!
    const status = release.status === "ready" ? "ready" : "failed"
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
      error: release.error,
      heldBack: heldBack.map((post) => ({
        file: post.file,
        reason: post.reason,
        dueAt: post.dueAt === null ? null : new Date(post.dueAt).toISOString(),
      })),
    })
    recordBuild(status, (now() - started) / 1000)
    if (release.error_code === "interrupted") recordInterrupted(1)
    if (status === "ready" && !preview) await switchTo(release.id, request.actor ?? request.trigger)
    else if (status === "ready") await prune()
    log[release.error ? "error" : "info"](
      {
        release: id,
        trigger: request.trigger,
        commit,
        seconds: (now() - started) / 1000,
        error: release.error,
      },
      release.error ? "release build failed; the live site is unchanged" : "release built",
    )
    return release
  }

  /** Under the lock just taken: the builds a holder that died left "building" fail as interrupted. */
  async function noticeInterrupted(taken: Taken): Promise<void> {
    const count = await releases.failInterrupted()
    recordInterrupted(count)
    if (count > 0 || taken.from !== null)
      log.error(
        { from: taken.from, interrupted: count },
        "the publisher's lock had expired: the builds its holder left are marked interrupted",
      )
  }

  /**
   * Builds `first` under the lock this instance holds, then whatever was asked meanwhile
   * (coalesced) and a post that came due; lets the lock go (keeping what waits when stopped).
   */
  function hold(first: PublishRequest, taken: Taken | null): Promise<ReleaseRow> {
    const controller = new AbortController()
    const done = (async (): Promise<ReleaseRow> => {
      try {
        if (taken) await noticeInterrupted(taken)
        let release = await buildOne(first, controller)
        for (;;) {
          // Stopping (or the lock lost): what was asked stays for the next instance.
          if (controller.signal.aborted) {
            await releases.unlockKeepingPending(holder)
            break
          }
          // Coalesced: everything asked during the build becomes one more build.
          const next = await releases.nextOrUnlock(holder, ttl)
          if (next !== null) {
            release = await buildOne(asRequest(next), controller)
            continue
          }
          // A post that came due while it built goes live now, not at the timer's next tick
          // (up to 30 s later). An instance that took the lock in between builds a commit
          // fetched after the due time, with the post: nothing to ask of it.
          if (!config.publishSchedule || !(await scheduledDue())) break
          if (!(await releases.lock(holder, ttl, null))) break
          release = await buildOne(SCHEDULED, controller)
        }
        return release
      } catch (error) {
        log.error({ err: error }, "publisher stopped")
        // What was asked stays: the watch of an instance runs it.
        await releases.unlockKeepingPending(holder).catch(() => null)
        throw error
      } finally {
        running = null
      }
    })()
    running = { controller, done }
    done.catch(() => undefined) // the caller may not wait; the log has it
    return done
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
     * Takes the publisher if no other build runs (or its holder died) and builds (then
     * whatever was asked meanwhile): `done` resolves with the last build. Otherwise the request
     * is queued for the running build's holder (a live publish) or refused as busy (a preview).
     */
    async start(request: PublishRequest): Promise<Started> {
      const asked: NewPending = { trigger: request.trigger, actor: request.actor }
      // A preview is not coalesced with a queued publish: it waits for a free publisher.
      const taken = await releases.lock(holder, ttl, request.preview ? null : asked)
      if (!taken) return { state: request.preview ? "busy" : "queued", done: null }
      return { state: "started", done: hold(request, taken) }
    },

    /**
     * One look of the watch (every instance, server/releases/watch.ts): a lock whose holder
     * stopped renewing it, or a request left waiting on a free lock, is taken over: the builds
     * left "building" fail as interrupted and what was asked is built. Answers whether it did.
     */
    async recover(): Promise<boolean> {
      if (running || stopping) return false
      const state = await releases.lockState()
      const expired = state.holder !== null && state.heldUntil < now()
      const left =
        state.holder === null && (state.pending !== null || (await releases.anyBuilding()))
      if (!expired && !left) return false
      const taken = await releases.lock(holder, ttl, null)
      if (!taken) return false
      try {
        await noticeInterrupted(taken)
        const next = await releases.nextOrUnlock(holder, ttl)
        if (next === null) return true
        log.info(
          { trigger: next.trigger, actor: next.actor, askedAt: new Date(next.asked_at) },
          "building what was asked while the lock's holder was building",
        )
        void hold(asRequest(next), null)
        return true
      } catch (error) {
        await releases.unlockKeepingPending(holder).catch(() => null)
        throw error
      }
    },

    /**
     * The instance stops: a build it runs ends now (its processes too) and fails as
     * interrupted; the lock is let go with what was asked still waiting for another instance.
     */
    async stop(): Promise<void> {
      stopping = true
      const current = running
      if (!current) return
      current.controller.abort("the instance stops")
      await current.done.catch(() => undefined)
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
      // Under the lock: a watch would otherwise take the copy for a build its instance left.
      const taken = await releases.lock(holder, ttl, null)
      if (!taken)
        throw new BuildRefused("internal", "A build is running: import again when it ends.")
      try {
        await noticeInterrupted(taken)
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
      } finally {
        // What was asked meanwhile waits on the free lock: an instance's watch builds it.
        await releases.unlockKeepingPending(holder)
      }
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

const asRequest = (pending: PendingRequest): PublishRequest => ({
  trigger: pending.trigger as Trigger,
  actor: pending.actor,
})

export type Publisher = ReturnType<typeof createPublisher>
