import type { Kysely } from "kysely"
import type { Database } from "../schema"

/**
 * Deletes the confirmation mails not sent yet to these addresses, whose link would open
 * nothing once their subscription is gone; called in the transaction that removes it. A sent
 * one stays with the other finished deliveries until their purge (../outbox/index.ts); it holds no token.
 */
export async function dropUnsentConfirmations(
  db: Kysely<Database>,
  emails: string[],
): Promise<void> {
  if (emails.length === 0) return
  await db
    .deleteFrom("outbox")
    .where("kind", "=", "newsletter_confirm")
    .where("status", "!=", "sent")
    .where("target", "in", emails)
    .execute()
}
