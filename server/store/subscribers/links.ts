import type { Kysely } from "kysely"
import type { Language } from "../../../contract/languages"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { holding, mintTokens } from "./tokens"
import { dropUnsentConfirmations } from "./unsent-confirmations"

/** What the newsletter's links do: the mail's token minted, then confirm and unsubscribe. */
export function subscriberLinks(db: Kysely<Database>, now: Clock) {
  return {
    /**
     * A new link token (stored hashed) for the subscription of `email`, and its language, for
     * the confirmation mail being sent now; null when the address has no subscription (any
     * more). Each attempt at a mail mints its own: the clear token lives only in the mail.
     */
    async mintMailToken(email: string): Promise<{ token: string; language: Language } | null> {
      const row = await db
        .selectFrom("subscribers")
        .select(["id", "language"])
        .where("email", "=", email.toLowerCase())
        .executeTakeFirst()
      if (!row) return null
      const [token] = await mintTokens(db, now(), [row.id])
      return { token, language: row.language }
    },

    /** Confirms the subscription holding `token`; returns its language, or null when unknown. */
    async confirm(token: string): Promise<{ language: Language } | null> {
      await db
        .updateTable("subscribers")
        .set({ confirmed_at: now() })
        .where(holding(token))
        .where("confirmed_at", "is", null)
        .execute()
      const row = await db
        .selectFrom("subscribers")
        .select("language")
        .where(holding(token))
        .executeTakeFirst()
      return row ?? null
    },

    /** The language of the subscription holding `token`, or null when there is none. */
    async languageOf(token: string): Promise<Language | null> {
      const row = await db
        .selectFrom("subscribers")
        .select("language")
        .where(holding(token))
        .executeTakeFirst()
      return row?.language ?? null
    },

    /**
     * Removes the subscriber holding `token` and its unsent confirmation; returns its language, or
     * null when unknown.
     */
    async unsubscribe(token: string): Promise<{ language: Language } | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom("subscribers")
          .where(holding(token))
          .returning(["language", "email"])
          .executeTakeFirst()
        if (!row) return null
        await dropUnsentConfirmations(trx, [row.email])
        return { language: row.language }
      })
    },
  }
}
