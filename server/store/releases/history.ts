import type { Kysely } from "kysely"
import type { Database } from "../schema"
import { hashPreviewToken } from "./preview-token-hash"
import { asRelease, type ReleaseRow } from "./rows"

/** One release by its id, or null. */
export async function releaseById(db: Kysely<Database>, id: string): Promise<ReleaseRow | null> {
  const row = await db.selectFrom("releases").selectAll().where("id", "=", id).executeTakeFirst()
  return row ? asRelease(row) : null
}

/** The releases as the admin, the publisher and the preview cookie look them up. */
export function releaseHistory(db: Kysely<Database>) {
  return {
    get: (id: string) => releaseById(db, id),

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
  }
}
