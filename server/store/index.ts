import { accountChangesRepository } from "./account-changes"
import { adminsRepository } from "./admins"
import { audienceRepository } from "./audience"
import { auditRepository } from "./audit"
import { dataDirError, type DatabaseOptions, openDatabase, openMigrationDatabase } from "./database"
import { durableTransactions } from "./durable-commit"
import { keyChecksRepository } from "./key-checks"
import { leadSourcesRepository } from "./lead-sources"
import { loginThrottleRepository } from "./login-throttle"
import { maintain } from "./maintenance"
import { meetingsRepository } from "./meetings"
import { messageNotesRepository } from "./message-notes"
import { messagesRepository } from "./messages"
import { migrate, ping } from "./migrations"
import { outboxRepository } from "./outbox"
import { periodicRunsRepository } from "./periodic-runs"
import { privacyRepository } from "./privacy"
import type { Clock } from "./query-helpers"
import { rateLimitsRepository } from "./rate-limits"
import { releasesRepository } from "./releases"
import { pushDeliveriesRepository } from "./releases/push-deliveries"
import { sessionsRepository } from "./sessions"
import { subscribersRepository } from "./subscribers"

export async function openStore(options: DatabaseOptions & { now: Clock }) {
  const handle = openDatabase(options)
  const { db, dialect } = handle
  const durable = durableTransactions(handle)
  const migrationDb = openMigrationDatabase(options.databaseUrl)
  try {
    await migrate(migrationDb ?? db)
  } catch (error) {
    await db.destroy()
    throw (dialect === "sqlite" ? dataDirError(options.dataDir, error) : null) ?? error
  } finally {
    await migrationDb?.destroy()
  }
  return {
    dialect,
    messages: messagesRepository(db, durable.transaction, options.now),
    meetings: meetingsRepository(db, durable.transaction, options.now),
    subscribers: subscribersRepository(db, options.now),
    admins: adminsRepository(db, options.now),
    accounts: accountChangesRepository(db, options.now, dialect),
    audit: auditRepository(db, options.now),
    notes: messageNotesRepository(db, options.now),
    leadSources: leadSourcesRepository(db),
    sessions: sessionsRepository(db, options.now),
    rateLimits: rateLimitsRepository(db, options.now),
    loginThrottle: loginThrottleRepository(db, options.now),
    privacy: privacyRepository(db, options.now),
    periodicRuns: periodicRunsRepository(db, options.now),
    keyChecks: keyChecksRepository(db, options.now),
    maintain: () => maintain(db, dialect),
    outbox: outboxRepository(db, dialect, options.now),
    audience: audienceRepository(db, dialect, options.now),
    releases: releasesRepository(db, options.now),
    pushDeliveries: pushDeliveriesRepository(db, options.now),
    ping: () => ping(db),
    close: async () => {
      await db.destroy()
      await durable.close()
    },
  }
}

export type Store = Awaited<ReturnType<typeof openStore>>
export type { Clock } from "./query-helpers"
