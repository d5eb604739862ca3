import { adminsRepository } from "./admins"
import { dataDirError, type DatabaseOptions, openDatabase } from "./database"
import { loginFailuresRepository } from "./login-failures"
import { messagesRepository } from "./messages"
import { migrate, ping } from "./migrations"
import { outboxRepository } from "./outbox"
import { privacyRepository } from "./privacy"
import type { Clock } from "./query-helpers"
import { rateLimitsRepository } from "./rate-limits"
import { sessionsRepository } from "./sessions"
import { subscribersRepository } from "./subscribers"

export async function openStore(options: DatabaseOptions & { now: Clock }) {
  const { db, dialect } = openDatabase(options)
  try {
    await migrate(db)
  } catch (error) {
    await db.destroy()
    throw (dialect === "sqlite" ? dataDirError(options.dataDir, error) : null) ?? error
  }
  return {
    dialect,
    messages: messagesRepository(db, options.now),
    subscribers: subscribersRepository(db, options.now),
    admins: adminsRepository(db, options.now),
    sessions: sessionsRepository(db, options.now),
    rateLimits: rateLimitsRepository(db, options.now),
    loginFailures: loginFailuresRepository(db, options.now),
    privacy: privacyRepository(db, options.now),
    outbox: outboxRepository(db, dialect, options.now),
    ping: () => ping(db),
    close: () => db.destroy(),
  }
}

export type Store = Awaited<ReturnType<typeof openStore>>
export type { Clock } from "./query-helpers"
