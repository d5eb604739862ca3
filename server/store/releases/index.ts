import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { releaseBuilds } from "./builds"
import { releaseHistory } from "./history"
import { livePointer } from "./live-pointer"
import { publisherLock } from "./lock"
import { rollbackReach } from "./rollback"

export type {
  Finished,
  LockState,
  NewPending,
  NewRelease,
  PendingRequest,
  ReleaseRow,
  Taken,
} from "./rows"

/** Releases, the live pointer and the publisher's lock: SQL only (server/releases/publisher.ts decides). */
export function releasesRepository(db: Kysely<Database>, now: Clock) {
  return {
    ...releaseBuilds(db, now),
    ...releaseHistory(db),
    ...livePointer(db, now),
    ...publisherLock(db, now),
    ...rollbackReach(db),
  }
}

export type ReleasesRepository = ReturnType<typeof releasesRepository>
