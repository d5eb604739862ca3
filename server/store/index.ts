import { adminsRepository } from "./admins"
import { auditRepository } from "./audit"
import { dataDirError, type DatabaseOptions, openDatabase } from "./database"
import { leadSourcesRepository } from "./lead-sources"
import { loginFailuresRepository } from "./login-failures"
import { messageNotesRepository } from "./message-notes"
import { messagesRepository } from "./messages"
import { migrate, ping } from "./migrations"
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
    admins: adminsRepository(db, options.now, dialect),
    audit: auditRepository(db, options.now),
    notes: messageNotesRepository(db, options.now),
    leadSources: leadSourcesRepository(db),
    sessions: sessionsRepository(db, options.now),
    rateLimits: rateLimitsRepository(db, options.now),
    loginFailures: loginFailuresRepository(db, options.now),
    privacy: privacyRepository(db, options.now),
    ping: () => ping(db),
    close: () => db.destroy(),
  }
}

export type Store = Awaited<ReturnType<typeof openStore>>
export type { Clock } from "./query-helpers"
