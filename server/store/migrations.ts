import { createHash } from "node:crypto"
import { type Kysely, type Migration, Migrator, sql } from "kysely"

// Append only: a migration that has run somewhere must never change.
export const migrations: Record<string, Migration> = {
  "0001_initial": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text")
        .addColumn("phone", "text")
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("language", "text")
        .addColumn("page", "text")
        .addColumn("spam_reason", "text")
        .addColumn("search_text", "text", (c) => c.notNull())
        .addColumn("notify_status", "text", (c) => c.notNull())
        .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("notify_next_at", "bigint")
        .execute()
      await db.schema
        .createIndex("messages_created_at")
        .on("messages")
        .columns(["created_at", "id"])
        .execute()
      await db.schema
        .createIndex("messages_status")
        .on("messages")
        .columns(["status", "created_at"])
        .execute()
      await db.schema
        .createIndex("messages_notify")
        .on("messages")
        .columns(["notify_status", "notify_next_at"])
        .execute()

      await db.schema
        .createTable("subscribers")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()

      await db.schema
        .createTable("admin_users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("username", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute()

      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("admin_id", "text", (c) =>
          c.notNull().references("admin_users.id").onDelete("cascade"),
        )
        .addColumn("issued_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("revoked_at", "bigint")
        .execute()

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
        .execute()

      await db.schema
        .createTable("login_failures")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("last_failure_at", "bigint", (c) => c.notNull())
        .execute()
    },
  },
  // Proof of newsletter consent (when, and which wording was shown), the index the
  // retention purge needs, and the log of erasures made on a person's request.
  "0002_privacy": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("subscribers").addColumn("consent_at", "bigint").execute()
      await db.schema.alterTable("subscribers").addColumn("consent_version", "text").execute()
      await db.schema
        .createIndex("subscribers_created_at")
        .on("subscribers")
        .column("created_at")
        .execute()
      await db.schema
        .createTable("erasures")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("erased_at", "bigint", (c) => c.notNull())
        .addColumn("admin_username", "text", (c) => c.notNull())
        .addColumn("email_sha256", "text", (c) => c.notNull())
        .addColumn("messages", "integer", (c) => c.notNull())
        .addColumn("subscriptions", "integer", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("erasures_erased_at")
        .on("erasures")
        .columns(["erased_at", "id"])
        .execute()
    },
  },
  // Double opt-in: a subscription counts once its address confirmed it from the mail. Those
  // who subscribed before this existed were taken as confirmed then, and stay so.
  "0003_newsletter_confirmation": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("subscribers").addColumn("confirmed_at", "bigint").execute()
      await db
        .updateTable("subscribers")
        .set({ confirmed_at: sql`created_at` })
        .execute()
    },
  },
  // Login throttling that takes its slot before the password is checked (auth/throttle.ts)
  // replaces the failure counts read before and written after it; newsletter tokens are kept
  // as SHA-256 hashes like session tokens, and the time of the last confirmation mail bounds
  // how often one address is mailed.
  "0004_security": {
    async up(db: Kysely<any>) {
      await db.schema.dropTable("login_failures").execute()
      await db.schema
        .createTable("login_throttle")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("last_failure_at", "bigint", (c) => c.notNull())
        .addColumn("blocked_until", "bigint", (c) => c.notNull())
        .addColumn("in_flight", "integer", (c) => c.notNull())
        .addColumn("lease_until", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .alterTable("subscribers")
        .addColumn("confirmation_sent_at", "bigint")
        .execute()
      // Tokens minted after the first (a confirmation mail sent again, each mailing-list
      // export's unsubscribe links), also as hashes; links already mailed keep working.
      await db.schema
        .createTable("subscriber_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("subscriber_id", "text", (c) =>
          c.notNull().references("subscribers.id").onDelete("cascade"),
        )
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("subscriber_tokens_subscriber")
        .on("subscriber_tokens")
        .column("subscriber_id")
        .execute()
      const rows: { id: string; token: string }[] = await db
        .selectFrom("subscribers")
        .select(["id", "token"])
        .execute()
      for (const row of rows) {
        await db
          .updateTable("subscribers")
          .set({ token: createHash("sha256").update(row.token).digest("hex") })
          .where("id", "=", row.id)
          .execute()
      }
    },
  },
  // Every outgoing effect becomes an outbox row (server/outbox/). The notifications still
  // pending or failed in the messages table move there, under ids that say where they came
  // from, and the columns that held them go.
  "0005_outbox": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("message_id", "text", (c) => c.references("messages.id").onDelete("cascade"))
        .addColumn("target", "text")
        .addColumn("payload", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_at", "bigint", (c) => c.notNull())
        .addColumn("lease_until", "bigint")
        .addColumn("leased_by", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("outbox_due")
        .on("outbox")
        .columns(["status", "next_at"])
        .execute()
      await db.schema.createIndex("outbox_message").on("outbox").column("message_id").execute()
      await db.schema
        .createIndex("outbox_target")
        .on("outbox")
        .columns(["kind", "target", "created_at"])
        .execute()
      await sql`insert into outbox
          (id, kind, message_id, target, payload, status, attempts, next_at, created_at, updated_at)
        select 'notify-' || id, 'notify', id, null, null, notify_status, notify_attempts,
          coalesce(notify_next_at, 0), created_at, created_at
        from messages where notify_status in ('pending', 'failed')`.execute(db)
      await db.schema.dropIndex("messages_notify").execute()
      for (const column of ["notify_status", "notify_attempts", "notify_next_at"])
        await db.schema.alterTable("messages").dropColumn(column).execute()
    },
  },
  // Where each lead came from (the site keeps it in sessionStorage and sends it with the message).
  "0006_lead_source": {
    async up(db: Kysely<unknown>) {
      for (const column of [
        "landing_page",
        "referrer_host",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "utm_term",
        "utm_content",
      ]) {
        await db.schema.alterTable("messages").addColumn(column, "text").execute()
      }
    },
  },
  // A shared inbox: roles, optional TOTP, an assignee per message, internal notes, an audit log.
  // Accounts made before this are the single admin of old: an owner.
  "0007_team": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("admin_users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("owner"))
        .execute()
      await db.schema.alterTable("admin_users").addColumn("totp_secret", "text").execute()
      await db.schema.alterTable("admin_users").addColumn("totp_pending_secret", "text").execute()
      await db.schema.alterTable("admin_users").addColumn("totp_last_step", "bigint").execute()
      await db.schema
        .alterTable("messages")
        .addColumn("assignee_id", "text", (c) =>
          c.references("admin_users.id").onDelete("set null"),
        )
        .execute()
      await db.schema
        .createIndex("messages_assignee")
        .on("messages")
        .columns(["assignee_id", "created_at"])
        .execute()
      await db.schema
        .createTable("message_notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("message_id", "text", (c) =>
          c.notNull().references("messages.id").onDelete("cascade"),
        )
        .addColumn("author_username", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("message_notes_message")
        .on("message_notes")
        .columns(["message_id", "created_at"])
        .execute()
      await db.schema
        .createTable("audit_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("admin_username", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("message_id", "text")
        .addColumn("detail", "text")
        .addColumn("ip", "text")
        .execute()
      await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute()
    },
  },
  // Periodic work shared by every instance on one store: whoever claims the row runs it.
  "0008_ops": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("periodic_runs")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("last_run_at", "bigint", (c) => c.notNull())
        .addColumn("runs", "integer", (c) => c.notNull())
        .addColumn("last_instance", "text")
        .execute()
    },
  },
  // The check value of each key that data in the store is encrypted with (TOTP secrets,
  // server/auth/totp-secrets.ts): an instance holding another key refuses to start. The
  // secrets themselves are encrypted at start-up, in place, by the first instance with the key.
  "0009_key_checks": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("key_checks")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()
    },
  },
  // Newsletter confirmation mails carried their link token in clear in the outbox until the
  // row was purged, 30 days after sending. Their sender now mints the token when it sends;
  // the rows queued before lose theirs. A mail still waiting gets a new token when it goes,
  // and the links already mailed keep working (their hashes stay in the subscriber tables).
  "0010_outbox_tokens": {
    async up(db: Kysely<any>) {
      await db
        .updateTable("outbox")
        .set({ payload: null })
        .where("kind", "=", "newsletter_confirm")
        .execute()
    },
  },
  // A note keeps its author's role as it was when written: the personal-data export gives it,
  // and looked up from the account it changed with the account (a role change, a removal, a
  // name given again to someone else). Notes written before take their author's role now;
  // those whose author is gone already stay without one.
  "0011_note_author_role": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("message_notes").addColumn("author_role", "text").execute()
      await db
        .updateTable("message_notes")
        .set((eb) => ({
          author_role: eb
            .selectFrom("admin_users")
            .select("admin_users.role")
            .whereRef("admin_users.username", "=", "message_notes.author_username"),
        }))
        .execute()
    },
  },
  // Audience (server/audience/, docs/AUDIENCE.md): raw beacon events for 30 days, their daily
  // counts for 25 months, and the daily salts of the visitor keys.
  "0013_audience": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("audience_events")
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("width", "text")
        .addColumn("referrer", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("utm_term", "text")
        .addColumn("utm_content", "text")
        .addColumn("name", "text")
        .addColumn("value", "double precision")
        .execute()
      await db.schema
        .createIndex("audience_events_day")
        .on("audience_events")
        .columns(["day", "at"])
        .execute()
      await db.schema
        .createTable("audience_daily")
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("dimension", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addColumn("time_ms", "bigint", (c) => c.notNull())
        .addColumn("samples", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("audience_daily_pk", ["day", "language", "dimension", "key"])
        .execute()
      await db.schema
        .createTable("audience_salts")
        .addColumn("day", "integer", (c) => c.primaryKey())
        .addColumn("salt", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()
    },
  },
  // Releases (server/releases/, docs/OPERATIONS.md §5): each build's record, the pointer to
  // the live one, and the publisher's lock with its queue of one.
  "0014_releases": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("releases")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("trigger", "text", (c) => c.notNull())
        .addColumn("actor", "text")
        .addColumn("commit", "text")
        .addColumn("content_hash", "text")
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("finished_at", "bigint")
        .addColumn("error", "text")
        .addColumn("error_code", "text")
        .addColumn("preview_token", "text")
        .addColumn("next_due_at", "bigint")
        .execute()
      await db.schema
        .createTable("release_pointer")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("release_id", "text", (c) => c.notNull())
        .addColumn("switched_at", "bigint", (c) => c.notNull())
        .addColumn("switched_by", "text")
        .execute()
      await db.schema
        .createTable("publisher_lock")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text")
        .addColumn("held_until", "bigint", (c) => c.notNull())
        .addColumn("pending", "text")
        .execute()
    },
  },
  // The push webhook's delivery ids (X-GitHub-Delivery), so that each acts once, however often
  // its bytes are sent again (server/routes/publishing.ts); housekeeping forgets them after 7 days.
  "0015_push_deliveries": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("push_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("received_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("push_deliveries_received_at")
        .on("push_deliveries")
        .column("received_at")
        .execute()
    },
  },
  // Preview tokens as SHA-256 hashes, as 0004_security did for sessions (issue 46, finding 8):
  // links already shared keep opening their preview, looked up by hash through the index.
  "0016_preview_token_hash": {
    async up(db: Kysely<any>) {
      const rows: { id: string; preview_token: string }[] = await db
        .selectFrom("releases")
        .select(["id", "preview_token"])
        .where("preview_token", "is not", null)
        .execute()
      for (const row of rows) {
        await db
          .updateTable("releases")
          .set({ preview_token: createHash("sha256").update(row.preview_token).digest("hex") })
          .where("id", "=", row.id)
          .execute()
      }
      await db.schema
        .createIndex("releases_preview_token")
        .on("releases")
        .column("preview_token")
        .execute()
    },
  },
  // A lead's kind (issues 49 and 50): booked meetings and quote requests are leads of the
  // inbox beside the contact form's messages; every existing row is a message.
  "0017_message_kind": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("messages")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo("message"))
        .execute()
    },
  },
  // Meetings (issue 49): the booking rules the team sets, the meetings, and one row per
  // quarter hour a member is taken (start to end + buffer). The cells' primary key is what
  // makes a double booking impossible, on every instance of one store: a second insert of a
  // taken cell fails and its whole booking rolls back.
  "0018_meetings": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("booking_types")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("booking_members")
        .addColumn("member_id", "text", (c) =>
          c.primaryKey().references("admin_users.id").onDelete("cascade"),
        )
        .addColumn("email", "text")
        .addColumn("zone", "text", (c) => c.notNull())
        .addColumn("bookable", "integer", (c) => c.notNull())
        .addColumn("weekly", "text", (c) => c.notNull())
        .addColumn("time_off", "text", (c) => c.notNull())
        .addColumn("feed_token_hash", "text", (c) => c.unique())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("booking_closures")
        .addColumn("date", "text", (c) => c.primaryKey())
        .execute()
      await db.schema
        .createTable("meetings")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("message_id", "text", (c) =>
          c.notNull().references("messages.id").onDelete("cascade"),
        )
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("start_at", "bigint", (c) => c.notNull())
        .addColumn("end_at", "bigint", (c) => c.notNull())
        .addColumn("free_at", "bigint", (c) => c.notNull())
        .addColumn("zone", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("member_id", "text", (c) => c.notNull())
        .addColumn("uid", "text", (c) => c.notNull().unique())
        .addColumn("sequence", "integer", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("token_expires_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("meetings_start").on("meetings").columns(["start_at"]).execute()
      await db.schema
        .createIndex("meetings_member")
        .on("meetings")
        .columns(["member_id", "start_at"])
        .execute()
      await db.schema.createIndex("meetings_message").on("meetings").column("message_id").execute()
      await db.schema
        .createTable("meeting_cells")
        .addColumn("member_id", "text", (c) => c.notNull())
        .addColumn("cell_start", "bigint", (c) => c.notNull())
        .addColumn("meeting_id", "text", (c) =>
          c.notNull().references("meetings.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("meeting_cells_pk", ["member_id", "cell_start"])
        .execute()
      await db.schema
        .createIndex("meeting_cells_meeting")
        .on("meeting_cells")
        .column("meeting_id")
        .execute()
    },
  },
  // A quote request's study (issue 50): a lead of kind quote has one row here, written in the
  // message's transaction, with the estimate the server computed and the rate card's version.
  // The inputs and figures are JSON text: read back whole, never queried inside.
  "0019_quotes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("quote_requests")
        .addColumn("message_id", "text", (c) =>
          c.primaryKey().references("messages.id").onDelete("cascade"),
        )
        .addColumn("inputs", "text", (c) => c.notNull())
        .addColumn("figures", "text", (c) => c.notNull())
        .addColumn("rate_card_version", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()
    },
  },
  // More reschedule-or-cancel links of a meeting (issue 49): each mail to the visitor mints its
  // own token when it is sent, kept only hashed here, as newsletter_confirm does; the booking's
  // first token stays in meetings.token_hash. Every link of a meeting ends with it.
  "0020_meeting_tokens": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("meeting_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("meeting_id", "text", (c) =>
          c.notNull().references("meetings.id").onDelete("cascade"),
        )
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex("meeting_tokens_meeting")
        .on("meeting_tokens")
        .column("meeting_id")
        .execute()
    },
  },
}

export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`)
  }
}

/** Runs the migrations up to and including `name`: tests start from an older schema with it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  }).migrateTo(name)
  if (error) throw error
}

export const ping = (db: Kysely<any>) => sql`select 1`.execute(db)
