import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { subscriberList } from "./admin-list"
import { subscriberLinks } from "./links"
import { subscription } from "./subscribe"

export type { Subscriber } from "./admin-list"
export type { Subscription } from "./subscribe"
export { tokenHash } from "./tokens"
export { dropUnsentConfirmations } from "./unsent-confirmations"

/** The newsletter's subscribers: the sign-up, what its links do, and the admin's list. */
export function subscribersRepository(db: Kysely<Database>, now: Clock) {
  return {
    ...subscription(db, now),
    ...subscriberLinks(db, now),
    ...subscriberList(db, now),
  }
}

export type SubscribersRepository = ReturnType<typeof subscribersRepository>
