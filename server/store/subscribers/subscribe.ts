import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Language } from "../../../contract/languages"
import { insertDeliveries, outboxRow } from "../outbox"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { newToken, tokenHash } from "./tokens"

/** What a subscription request led to. */
export interface Subscription {
  confirmed: boolean
  language: Language
  /**
   * Whether a confirmation mail was queued with the subscription (in the outbox, in the same
   * transaction); not when confirmed, nor when mailed less than a day ago. The mail's link
   * token is minted when it is sent (`mintMailToken`): no outbox row holds one.
   */
  mailQueued: boolean
}

const DAY_MS = 86_400_000

/** The sign-up: the one write a visitor makes, with the confirmation mail it queues. */
export function subscription(db: Kysely<Database>, now: Clock) {
  return {
    /**
     * Adds the address unless it is already there. The consent is recorded as given then: its
     * time, and the version of the wording shown. With `confirmed` false (double opt-in) the
     * subscription waits for `confirm`; asking again while it waits renews the consent and
     * the language, and queues a new mail when the last one is a day old: one confirmation
     * mail a day at most, however often the address is entered.
     *
     * The confirmation mail is queued in the outbox in the same transaction as the row it
     * confirms (like a contact message's deliveries): a failure or a crash leaves both or
     * neither, never a subscriber marked as mailed without a mail, nor a mail without its
     * subscriber. The outbox row names the address only; the sender mints the link's token.
     */
    subscribe: (
      email: string,
      language: Language,
      consentVersion: string | null = null,
      confirmed = true,
    ): Promise<Subscription> =>
      db.transaction().execute(async (trx) => {
        const at = now()
        const address = email.toLowerCase()
        const queueMail = async () => {
          await insertDeliveries(trx, [
            outboxRow({ kind: "newsletter_confirm", target: address }, at),
          ])
          return true
        }
        const inserted = await trx
          .insertInto("subscribers")
          .values({
            id: randomUUID(),
            email: address,
            language,
            // The column wants a first token; this one is in no link (mails mint theirs).
            token: tokenHash(newToken()),
            created_at: at,
            consent_at: at,
            consent_version: consentVersion,
            confirmed_at: confirmed ? at : null,
            confirmation_sent_at: confirmed ? null : at,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .returning("id")
          .executeTakeFirst()
        if (inserted)
          return { confirmed, language, mailQueued: confirmed ? false : await queueMail() }
        return renewed(trx, address, language, consentVersion, at, queueMail)
      }),
  }
}

/**
 * An address asked again: a pending subscription gets the new consent and language, and a
 * new mail when the last one is a day old; a confirmed one is left as it is.
 */
async function renewed(
  trx: Kysely<Database>,
  address: string,
  language: Language,
  consentVersion: string | null,
  at: number,
  queueMail: () => Promise<boolean>,
): Promise<Subscription> {
  // Claimed by one conditional update, so parallel requests cannot both mail.
  const due = await trx
    .updateTable("subscribers")
    .set({ language, consent_at: at, consent_version: consentVersion, confirmation_sent_at: at })
    .where("email", "=", address)
    .where("confirmed_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("confirmation_sent_at", "is", null),
        eb("confirmation_sent_at", "<=", at - DAY_MS),
      ]),
    )
    .returning(["id", "language"])
    .executeTakeFirst()
  if (due) return { confirmed: false, language: due.language, mailQueued: await queueMail() }
  const pending = await trx
    .updateTable("subscribers")
    .set({ language, consent_at: at, consent_version: consentVersion })
    .where("email", "=", address)
    .where("confirmed_at", "is", null)
    .returning("language")
    .executeTakeFirst()
  if (pending) return { confirmed: false, language: pending.language, mailQueued: false }
  const existing = await trx
    .selectFrom("subscribers")
    .select("language")
    .where("email", "=", address)
    .executeTakeFirstOrThrow()
  return { confirmed: true, language: existing.language, mailQueued: false }
}
