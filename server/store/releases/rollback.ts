import type { Kysely } from "kysely"
import type { Database } from "../schema"
import { releaseById } from "./history"
import { liveReleaseId } from "./live-pointer"

/** What a rollback can still reach: what pruning keeps, and a push that must not undo one. */
export function rollbackReach(db: Kysely<Database>) {
  return {
    /**
     * Ready releases past the newest `keep` of their kind: their folders may go. Never the live
     * one nor the one a rollback would return to (the newest ready live release before it),
     * however many newer builds there are. Live builds and previews are counted apart, so that
     * previews never take the places of the releases a rollback goes back to.
     */
    async prunable(keep: number): Promise<string[]> {
      const live = await liveReleaseId(db)
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
      const live = await liveReleaseId(db)
      const current = live ? await releaseById(db, live) : null
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
  }
}
