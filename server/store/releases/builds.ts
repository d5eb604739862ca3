import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { hashPreviewToken } from "./preview-token-hash"
import type { Finished, NewRelease } from "./rows"

/** A build's own record: started, finished, left interrupted, its folder pruned. */
export function releaseBuilds(db: Kysely<Database>, now: Clock) {
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

    /** Their folders are gone: the history keeps them, a rollback cannot reach them. */
    async markPruned(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return
      await db.updateTable("releases").set({ status: "pruned" }).where("id", "in", ids).execute()
    },
  }
}
