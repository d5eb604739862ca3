// The quote_requests table (0019): the study of a lead of kind quote. Written only inside the
// message's own transaction (messages.ts), read beside the message wherever it is shown.
import type { Kysely } from "kysely"
import type { QuoteRecord } from "../../../contract/quote"
import type { Database } from "../schema"

export type { QuoteRecord }

/** Inserts the studies of new leads, each under its message's id. */
export async function insertQuotes(
  trx: Kysely<Database>,
  quotes: { messageId: string; quote: QuoteRecord; at: number }[],
): Promise<void> {
  if (quotes.length === 0) return
  await trx
    .insertInto("quote_requests")
    .values(
      quotes.map(({ messageId, quote, at }) => ({
        message_id: messageId,
        inputs: JSON.stringify(quote.inputs),
        figures: JSON.stringify(quote.estimate),
        rate_card_version: quote.rateCardVersion,
        created_at: at,
      })),
    )
    .execute()
}

/** The studies of those of `messageIds` that have one, by message id. */
export async function quotesOf(
  db: Kysely<Database>,
  messageIds: string[],
): Promise<Map<string, QuoteRecord>> {
  const found = new Map<string, QuoteRecord>()
  for (let i = 0; i < messageIds.length; i += 500) {
    const rows = await db
      .selectFrom("quote_requests")
      .selectAll()
      .where("message_id", "in", messageIds.slice(i, i + 500))
      .execute()
    for (const row of rows)
      found.set(row.message_id, {
        inputs: JSON.parse(row.inputs),
        estimate: JSON.parse(row.figures),
        rateCardVersion: row.rate_card_version,
      })
  }
  return found
}
