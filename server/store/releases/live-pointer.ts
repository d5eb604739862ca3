import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { LIVE } from "./rows"

/** The live release's id, or null before the first release. */
export async function liveReleaseId(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("release_pointer")
    .select("release_id")
    .where("name", "=", LIVE)
    .executeTakeFirst()
  return row?.release_id ?? null
}

/** The live pointer: which release the site serves, and the one statement that switches it. */
export function livePointer(db: Kysely<Database>, now: Clock) {
  return {
    liveId: () => liveReleaseId(db),

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
  }
}
