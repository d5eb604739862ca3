import type { Kysely, Selectable } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database, ReleasesTable } from "../schema"
import { hashPreviewToken } from "./preview-token-hash"

export type ReleaseRow = Selectable<ReleasesTable>
export type NewRelease = Pick<
  ReleaseRow,
  "id" | "kind" | "trigger" | "actor" | "started_at" | "preview_token"
>
export type Finished = Pick<
  ReleaseRow,
  "status" | "commit" | "content_hash" | "error" | "error_code" | "next_due_at"
>

/** What is waiting for the next build: the latest request wins, its trigger and who asked. */
export interface NewPending {
  trigger: string
  actor: string | null
}

export interface PendingRequest extends NewPending {
  /** When it was asked (ms): the admin and `npm run publish -- --list` show it. */
  asked_at: number
}

/** The lock taken: from the holder whose lock had expired, or null when it was free. */
export interface Taken {
  from: string | null
}

export interface LockState {
  holder: string | null
  heldUntil: number
  pending: PendingRequest | null
}

const parsePending = (text: string | null): PendingRequest | null => {
  if (!text) return null
  const parsed = JSON.parse(text) as NewPending & { asked_at?: number }
  // Recorded before asked_at was: shown as asked at an unknown time (0).
  return { trigger: parsed.trigger, actor: parsed.actor, asked_at: parsed.asked_at ?? 0 }
}

const LIVE = "live"
const PUBLISHER = "publisher"

/** PostgreSQL answers bigint columns as strings. */
const asRelease = (row: ReleaseRow): ReleaseRow => ({
  ...row,
  started_at: Number(row.started_at),
  finished_at: row.finished_at === null ? null : Number(row.finished_at),
  next_due_at: row.next_due_at === null ? null : Number(row.next_due_at),
})

/** Releases, the live pointer and the publisher's lock: SQL only (server/releases/publisher.ts decides). */
export function releasesRepository(db: Kysely<Database>, now: Clock) {
  return {
    async create(release: NewRelease): Promise<void> {
      await db
        .insertInto("releases")
        .values({
          ...release,
          preview_token: release.preview_token && hashPreviewToken(release.preview_token),
          status: "building",
          commit: null,
          content_hash: null,
          finished_at: null,
          error: null,
          error_code: null,
          next_due_at: null,
        })
        .execute()
    },

    /** Only a release still building: one already marked interrupted stays so. */
    async finish(id: string, finished: Finished): Promise<boolean> {
      const result = await db
        .updateTable("releases")
        .set({ ...finished, finished_at: now() })
        .where("id", "=", id)
        .where("status", "=", "building")
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async get(id: string): Promise<ReleaseRow | null> {
      const row = await db
        .selectFrom("releases")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst()
      return row ? asRelease(row) : null
    },

    /** The newest first. */
    async list(limit: number): Promise<ReleaseRow[]> {
      const rows = await db
        .selectFrom("releases")
        .selectAll()
        .orderBy("started_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute()
      return rows.map(asRelease)
    },

    /** When the newest live build started (a preview is not one); null before the first. */
    async lastLiveStart(): Promise<number | null> {
      const row = await db
        .selectFrom("releases")
        .select("started_at")
        .where("kind", "=", "live")
        .orderBy("started_at", "desc")
        .limit(1)
        .executeTakeFirst()
      return row ? Number(row.started_at) : null
    },

    /** The ready preview whose token this is (the store holds the token's hash only). */
    async byPreviewToken(token: string): Promise<ReleaseRow | null> {
      const row = await db
        .selectFrom("releases")
        .selectAll()
        .where("preview_token", "=", hashPreviewToken(token))
        .where("kind", "=", "preview")
        .where("status", "=", "ready")
        .executeTakeFirst()
      return row ? asRelease(row) : null
    },

    /** The live release's id, or null before the first release. */
    async liveId(): Promise<string | null> {
      const row = await db
        .selectFrom("release_pointer")
        .select("release_id")
        .where("name", "=", LIVE)
        .executeTakeFirst()
      return row?.release_id ?? null
    },

    async live(): Promise<{
      releaseId: string
      switchedAt: number
      switchedBy: string | null
    } | null> {
      const row = await db
        .selectFrom("release_pointer")
        .selectAll()
        .where("name", "=", LIVE)
        .executeTakeFirst()
      return row
        ? {
            releaseId: row.release_id,
            switchedAt: Number(row.switched_at),
            switchedBy: row.switched_by,
          }
        : null
    },

    /** Points the site at a ready live release: one statement, so every instance sees one or the other. */
    async switchTo(releaseId: string, by: string | null): Promise<boolean> {
      const ready = await db
        .selectFrom("releases")
        .select("id")
        .where("id", "=", releaseId)
        .where("kind", "=", "live")
        .where("status", "=", "ready")
        .executeTakeFirst()
      if (!ready) return false
      await db
        .insertInto("release_pointer")
        .values({ name: LIVE, release_id: releaseId, switched_at: now(), switched_by: by })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ release_id: releaseId, switched_at: now(), switched_by: by }),
        )
        .execute()
      return true
    },

    /**
     * Takes the publisher's lock for `holder` until `ttlMs` from now, when it is free or its
     * holder stopped renewing it (died mid-build): answers the holder it took over from. What
     * was pending stays, for nextOrUnlock. When a live holder has it, records `request` as
     * pending (the latest wins) and answers null.
     */
    async lock(holder: string, ttlMs: number, request: NewPending | null): Promise<Taken | null> {
      await db
        .insertInto("publisher_lock")
        .values({ name: PUBLISHER, holder: null, held_until: 0, pending: null })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute()
      for (;;) {
        const taken = await db.transaction().execute(async (trx) => {
          const at = now()
          const row = await trx
            .selectFrom("publisher_lock")
            .selectAll()
            .where("name", "=", PUBLISHER)
            .executeTakeFirstOrThrow()
          const updated = await trx
            .updateTable("publisher_lock")
            .set({ holder, held_until: at + ttlMs })
            .where("name", "=", PUBLISHER)
            .where((eb) => eb.or([eb("holder", "is", null), eb("held_until", "<", at)]))
            // The row read above is the one taken (PostgreSQL: another took it meanwhile).
            .where((eb) =>
              row.holder === null ? eb("holder", "is", null) : eb("holder", "=", row.holder),
            )
            .executeTakeFirst()
          if (Number(updated.numUpdatedRows) !== 1) return null
          return { from: row.holder }
        })
        if (taken) return taken
        if (!request) return null
        // Only while a live holder has it: one that let go meanwhile would never read it.
        const at = now()
        const recorded = await db
          .updateTable("publisher_lock")
          .set({ pending: JSON.stringify({ ...request, asked_at: at }) })
          .where("name", "=", PUBLISHER)
          .where("holder", "is not", null)
          .where("held_until", ">=", at)
          .executeTakeFirst()
        if (Number(recorded.numUpdatedRows) === 1) return null
      }
    },

    /** The lock's row as it is: who holds it, until when, and what waits for the next build. */
    async lockState(): Promise<LockState> {
      const row = await db
        .selectFrom("publisher_lock")
        .selectAll()
        .where("name", "=", PUBLISHER)
        .executeTakeFirst()
      return {
        holder: row?.holder ?? null,
        heldUntil: Number(row?.held_until ?? 0),
        pending: parsePending(row?.pending ?? null),
      }
    },

    /** Keeps the lock while a build runs; false when it was lost (expired and taken). */
    async renew(holder: string, ttlMs: number): Promise<boolean> {
      const result = await db
        .updateTable("publisher_lock")
        .set({ held_until: now() + ttlMs })
        .where("name", "=", PUBLISHER)
        .where("holder", "=", holder)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * The holder's way out: takes the pending request, if any, keeping the lock for it (the
     * coalesced next build); otherwise frees the lock. Null when nothing waits.
     */
    async nextOrUnlock(holder: string, ttlMs: number): Promise<PendingRequest | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("publisher_lock")
          .select("pending")
          .where("name", "=", PUBLISHER)
          .where("holder", "=", holder)
          .executeTakeFirst()
        if (row?.pending) {
          await trx
            .updateTable("publisher_lock")
            .set({ pending: null, held_until: now() + ttlMs })
            .where("name", "=", PUBLISHER)
            .where("holder", "=", holder)
            .execute()
          return parsePending(row.pending)
        }
        await trx
          .updateTable("publisher_lock")
          .set({ holder: null, held_until: 0 })
          .where("name", "=", PUBLISHER)
          .where("holder", "=", holder)
          .execute()
        return null
      })
    },

    /** Frees the lock and leaves what was asked for the next instance (one that stops). */
    async unlockKeepingPending(holder: string): Promise<void> {
      await db
        .updateTable("publisher_lock")
        .set({ holder: null, held_until: 0 })
        .where("name", "=", PUBLISHER)
        .where("holder", "=", holder)
        .execute()
    },

    /**
     * Builds left "building" by an instance that stopped mid-build (called under the lock, or
     * for one release: `id`); answers how many.
     */
    async failInterrupted(id: string | null = null): Promise<number> {
      const result = await db
        .updateTable("releases")
        .set({
          status: "failed",
          error: "interrupted: the instance stopped during the build",
          error_code: "interrupted",
          finished_at: now(),
        })
        .where("status", "=", "building")
        .$if(id !== null, (qb) => qb.where("id", "=", id!))
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Whether a release is still "building" (with a free lock: one left by a failed publisher). */
    async anyBuilding(): Promise<boolean> {
      const row = await db
        .selectFrom("releases")
        .select("id")
        .where("status", "=", "building")
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Whether a build holds the lock now (the admin shows it). */
    async building(): Promise<boolean> {
      const row = await db
        .selectFrom("publisher_lock")
        .select(["holder", "held_until"])
        .where("name", "=", PUBLISHER)
        .executeTakeFirst()
      return Boolean(row?.holder) && Number(row?.held_until) >= now()
    },

    /**
     * Ready releases past the newest `keep` of their kind: their folders may go. Never the live
     * one nor the one a rollback would return to (the newest ready live release before it),
     * however many newer builds there are. Live builds and previews are counted apart, so that
     * previews never take the places of the releases a rollback goes back to.
     */
    async prunable(keep: number): Promise<string[]> {
      const live = await this.liveId()
      const rows = await db
        .selectFrom("releases")
        .select(["id", "kind"])
        .where("status", "=", "ready")
        .orderBy("started_at", "desc")
        .orderBy("id", "desc")
        .execute()
      const lives = rows.filter((row) => row.kind === "live")
      const at = lives.findIndex((row) => row.id === live)
      const kept = new Set([live, at === -1 ? null : (lives[at + 1]?.id ?? null)])
      const seen = new Map<string, number>()
      return rows
        .filter((row) => {
          seen.set(row.kind, (seen.get(row.kind) ?? 0) + 1)
          return seen.get(row.kind)! > keep && !kept.has(row.id)
        })
        .map((row) => row.id)
    },

    /**
     * Whether a live release built from `commit` started no earlier than the live one: it is
     * live, or a rollback moved the site away from it (a push of it again must not undo that).
     */
    async liveOrRolledBackFrom(commit: string): Promise<boolean> {
      const live = await this.liveId()
      const current = live ? await this.get(live) : null
      if (!current) return false
      const row = await db
        .selectFrom("releases")
        .select("id")
        .where("kind", "=", "live")
        .where("commit", "=", commit)
        .where("status", "in", ["ready", "pruned"])
        .where("started_at", ">=", current.started_at)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Their folders are gone: the history keeps them, a rollback cannot reach them. */
    async markPruned(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return
      await db.updateTable("releases").set({ status: "pruned" }).where("id", "in", ids).execute()
    },
  }
}

export type ReleasesRepository = ReturnType<typeof releasesRepository>
