import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { RELEASE_ERRORS, type Release, type ReleaseError } from "../../../contract/releases"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { readBuildLog } from "../../releases/folders"
import { readPreviewToken } from "../../releases/preview-token"
import type { ReleaseRow } from "../../store/releases"
import { route } from "../route"

const SHOWN = 30
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * A kind this code does not know (written by a newer version, before the operator rolled the
 * code back) is shown as `internal`: never a 500 on the screen the owners roll back from.
 */
const errorCodeOf = (code: string | null): Release["errorCode"] =>
  code === null
    ? null
    : (RELEASE_ERRORS as readonly string[]).includes(code)
      ? (code as ReleaseError)
      : "internal"

const shown = (row: ReleaseRow, previewToken: string | null): Release => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  trigger: row.trigger as Release["trigger"],
  actor: row.actor,
  commit: row.commit,
  startedAt: iso(row.started_at)!,
  finishedAt: iso(row.finished_at),
  seconds:
    row.finished_at === null ? null : Math.round((row.finished_at - row.started_at) / 100) / 10,
  error: row.error,
  errorCode: errorCodeOf(row.error_code),
  nextDueAt: iso(row.next_due_at),
  previewPath:
    row.kind === "preview" && row.status === "ready" && previewToken
      ? `/api/preview/${previewToken}`
      : null,
})

/** The Releases view: members see the live release, the history and the logs. */
export const adminReleasesRoutes: FastifyPluginAsyncTypebox<
  Pick<Deps, "store"> & { releasesDir: string }
> = async (app, { store, releasesDir }) => {
  route(app, endpoints.listReleases, async (request) => {
    const [live, building, lock, rows] = await Promise.all([
      store.releases.live(),
      store.releases.building(),
      store.releases.lockState(),
      store.releases.list(SHOWN),
    ])
    const queued = lock.pending
    const owner = request.adminSession?.role === "owner"
    return {
      live: live
        ? { id: live.releaseId, switchedAt: iso(live.switchedAt)!, switchedBy: live.switchedBy }
        : null,
      building,
      queued: queued && {
        trigger: queued.trigger as Release["trigger"],
        actor: queued.actor,
        askedAt: iso(queued.asked_at)!,
      },
      // The store holds a token's hash only: owners get the link from the release's folder.
      releases: rows.map((row) =>
        shown(row, owner && row.kind === "preview" ? readPreviewToken(releasesDir, row.id) : null),
      ),
    }
  })

  route(app, endpoints.getReleaseLog, async (request) => {
    const release = await store.releases.get(request.params.id)
    const log = release ? readBuildLog(releasesDir, release.id) : null
    if (log === null)
      throw new HttpError(404, "not_found", "No release has this id, or its log is gone.")
    return { id: request.params.id, log }
  })
}

/** Owners publish, build a preview and roll back; each is in the audit log. */
export const adminReleaseActionsRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, publisher },
) => {
  route(app, endpoints.publishNow, async (request, reply) => {
    const username = request.adminSession!.username
    const { state } = await publisher.start({ trigger: "admin", actor: username })
    await store.audit.record({ username, ip: request.ip }, { action: "release_published" })
    return reply.code(202).send({ state: state === "started" ? "started" : "queued" })
  })

  route(app, endpoints.buildPreview, async (request, reply) => {
    const username = request.adminSession!.username
    const { state } = await publisher.start({ trigger: "admin", actor: username, preview: true })
    if (state !== "started")
      throw new HttpError(
        409,
        "publisher_busy",
        "A build is running: ask for the preview when it ends.",
      )
    await store.audit.record({ username, ip: request.ip }, { action: "release_preview" })
    return reply.code(202).send({ state })
  })

  route(app, endpoints.rollBack, async (request) => {
    const username = request.adminSession!.username
    const release = await publisher.rollback(request.params.id, username)
    if (!release)
      throw new HttpError(
        404,
        "not_found",
        "No ready release with this id is kept: it cannot go live.",
      )
    await store.audit.record(
      { username, ip: request.ip },
      { action: "release_rolled_back", detail: release.id },
    )
    return { live: release.id }
  })
}
