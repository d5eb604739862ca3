import { createHash, randomBytes } from "node:crypto"
import type { ExpressionBuilder, Kysely } from "kysely"
import type { Database } from "../schema"

/** Link tokens are kept as SHA-256 hashes, like session tokens: a copy of the table opens no link. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex")
export const newToken = () => randomBytes(24).toString("base64url")

/** The subscriber a link's token belongs to: the first token, or one minted later. */
export function holding(token: string) {
  const hash = tokenHash(token)
  return (eb: ExpressionBuilder<Database, "subscribers">) =>
    eb.or([
      eb("token", "=", hash),
      eb(
        "id",
        "in",
        eb.selectFrom("subscriber_tokens").select("subscriber_id").where("token_hash", "=", hash),
      ),
    ])
}

/** New tokens for these subscribers, stored hashed in one statement; returns them in order. */
export async function mintTokens(
  db: Kysely<Database>,
  at: number,
  subscriberIds: string[],
): Promise<string[]> {
  if (subscriberIds.length === 0) return []
  const tokens = subscriberIds.map(newToken)
  await db
    .insertInto("subscriber_tokens")
    .values(
      subscriberIds.map((id, i) => ({
        token_hash: tokenHash(tokens[i]),
        subscriber_id: id,
        created_at: at,
      })),
    )
    .execute()
  return tokens
}
