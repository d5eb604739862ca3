import type { MeetingStatus, MeetingTypeKey } from "../../contract/booking"
import type { Language } from "../../contract/languages"
import type { MessageKind, MessageStatus, SpamReason } from "../../contract/message-status"
import type { OutboxKind, OutboxStatus } from "../../contract/outbox"
import type { Role } from "../../contract/roles"
import type { LeadSourceColumns, VisitSourceColumns } from "./lead-source-columns"

// Times are milliseconds since the epoch in BIGINT columns: the same type and the same
// arithmetic in SQLite and PostgreSQL.

/** Besides these, where the lead came from: the visit's landing path, external referrer host, utm_* of the landing URL. */
export interface MessagesTable extends LeadSourceColumns {
  id: string
  created_at: number
  kind: MessageKind
  status: MessageStatus
  name: string
  email: string
  company: string | null
  phone: string | null
  message: string
  language: Language | null
  page: string | null
  spam_reason: SpamReason | null
  search_text: string
  assignee_id: string | null
}

/** A lead of kind quote's study (0019): JSON texts of its inputs and the server's estimate. */
export interface QuoteRequestsTable {
  message_id: string
  inputs: string
  figures: string
  rate_card_version: string
  created_at: number
}

export interface SubscribersTable {
  id: string
  email: string
  language: Language
  /**
   * SHA-256 (hex) of the first link token; the token itself is only in mails. Since 0009 a new
   * subscriber's first token is in no link: each confirmation mail mints its own (subscriber_tokens).
   */
  token: string
  created_at: number
  /** When the subscriber consented, and which version of the consent wording they saw. */
  consent_at: number | null
  consent_version: string | null
  /** When the address confirmed the subscription from the mail; null while that is pending. */
  confirmed_at: number | null
  /** When the last confirmation mail was sent: at most one a day per address. */
  confirmation_sent_at: number | null
}

/** Further link tokens of a subscriber, as SHA-256 hashes (subscribers.token holds the first). */
export interface SubscriberTokensTable {
  token_hash: string
  subscriber_id: string
  created_at: number
}

export type AdminRole = Role

export interface AdminUsersTable {
  id: string
  username: string
  password_hash: string
  created_at: number
  updated_at: number
  role: AdminRole
  /**
   * The TOTP secret once enabled; the pending one waits for a first valid code. Both are
   * sealed (AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>`, server/auth/totp-cipher.ts); a
   * base32 value is one written before 0009, sealed at the next start.
   */
  totp_secret: string | null
  totp_pending_secret: string | null
  /** The last 30-second step whose code was accepted: a code is good once (RFC 6238, 5.2). */
  totp_last_step: number | null
}

export interface MessageNotesTable {
  id: string
  message_id: string
  author_username: string
  /** The author's role when the note was written (migration 0011); null for an author removed before it. */
  author_role: AdminRole | null
  created_at: number
  body: string
}

/** Who did what, to which message, when: read by owners, purged with the messages. */
export interface AuditLogTable {
  id: string
  at: number
  admin_username: string
  action: string
  message_id: string | null
  detail: string | null
  ip: string | null
}

export interface SessionsTable {
  token_hash: string
  admin_id: string
  issued_at: number
  expires_at: number
  revoked_at: number | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

/** Login attempts per client address or account (hashed keys, auth/throttle.ts). */
export interface LoginThrottleTable {
  key: string
  failures: number
  last_failure_at: number
  /** Until then, a further attempt under the key has to wait (once its free attempts are spent). */
  blocked_until: number
  /** Password checks running now; they count only until lease_until, so a crashed process frees its slots. */
  in_flight: number
  lease_until: number
}

/** One erasure made on a person's request: who did it, when, and a hash of the address. */
export interface ErasuresTable {
  id: string
  erased_at: number
  admin_username: string
  email_sha256: string
  messages: number
  subscriptions: number
}

/** Periodic work (housekeeping) claimed once per period by one of the instances sharing the store. */
export interface PeriodicRunsTable {
  name: string
  last_run_at: number
  runs: number
  last_instance: string | null
}

export type { OutboxKind, OutboxStatus }

/**
 * One outgoing effect (a mail, a webhook call), written in the transaction that stores what
 * caused it and delivered by server/outbox/worker.ts. Its id is the delivery id receivers see
 * (webhook-id, the mail's Message-ID), the same on every attempt.
 */
export interface OutboxTable {
  id: string
  kind: OutboxKind
  /** The message it is about; its deletion (erasure, retention) deletes the row. */
  message_id: string | null
  /** Ack: the recipient, lower-cased (the per-address limit counts by it). Webhook: its WEBHOOK_URLS entry. */
  target: string | null
  /** What the delivery needs beyond the message, as JSON (a test event's time); never a link token. */
  payload: string | null
  status: OutboxStatus
  attempts: number
  /** Not tried before this instant. */
  next_at: number
  /** Held by one worker until this instant; the worker renews it while a send lasts. */
  lease_until: number | null
  leased_by: string | null
  last_error: string | null
  created_at: number
  updated_at: number
}

/** HMAC-SHA256 of a fixed label under a key the store's data is encrypted with (name "totp"). */
export interface KeyChecksTable {
  name: string
  value: string
  created_at: number
}

/** One beacon event (server/audience/): no address, no user agent, only the day's keyed hash of them; a page view's referrer and utm_* values besides. */
export interface AudienceEventsTable extends VisitSourceColumns {
  at: number
  /** Days since the epoch (UTC): the visitor key's day, and the unit of rollups and retention. */
  day: number
  visitor: string
  kind: "view" | "engagement" | "vital" | "conversion"
  path: string
  language: Language
  width: string | null
  /** A vital's or a conversion's name. */
  name: string | null
  /** Visible milliseconds, or a vital's value. */
  value: number | null
}

/** A day's counts per language, dimension and key, kept after the raw events are gone (server/audience/rollup.ts). */
export interface AudienceDailyTable {
  day: number
  language: string
  dimension: string
  key: string
  visitors: number
  views: number
  time_ms: number
  samples: number
}

/** The random salt of each day's visitor keys, shared by every instance; deleted two days on. */
export interface AudienceSaltsTable {
  day: number
  salt: string
  created_at: number
}

/** One build of the site (server/releases/): live or preview, building, ready or failed. */
export interface ReleasesTable {
  id: string
  kind: "live" | "preview"
  status: "building" | "ready" | "failed" | "pruned"
  trigger: string
  actor: string | null
  commit: string | null
  content_hash: string | null
  started_at: number
  finished_at: number | null
  error: string | null
  /** contract/releases.ts RELEASE_ERRORS */
  error_code: string | null
  /** A preview's token as its SHA-256 (hex); the plain token is in the release's folder. */
  preview_token: string | null
  /** The first scheduled post this release left out: the publisher builds again then. */
  next_due_at: number | null
}

/** The live release ("live" row): every instance serves what it names. */
export interface ReleasePointerTable {
  name: string
  release_id: string
  switched_at: number
  switched_by: string | null
}

/** One build at a time across instances; a request that arrives during one waits in `pending` (JSON). */
export interface PublisherLockTable {
  name: string
  holder: string | null
  held_until: number
  pending: string | null
}

/** A push webhook delivery already acted on (X-GitHub-Delivery). */
export interface PushDeliveriesTable {
  id: string
  received_at: number
}

/** A meeting type's settings (contract MeetingTypeSettings as JSON); absent: defaults.ts. */
export interface BookingTypesTable {
  key: string
  settings: string
  updated_at: number
}

/** A member's availability; an account without a row has the default (defaults.ts). */
export interface BookingMembersTable {
  member_id: string
  email: string | null
  zone: string
  /** 1 or 0: the same column type on both stores. */
  bookable: number
  /** WeeklyHours and the time off, as JSON. */
  weekly: string
  time_off: string
  /** SHA-256 (hex) of the calendar feed's token; the token is only in the answer that made it. */
  feed_token_hash: string | null
  updated_at: number
}

export interface BookingClosuresTable {
  date: string
}

/** A further reschedule-or-cancel link of a meeting, minted when a visitor's mail is sent. */
export interface MeetingTokensTable {
  token_hash: string
  meeting_id: string
  created_at: number
}

/** A booked meeting; the visitor's name, address and company are its lead's (messages). */
export interface MeetingsTable {
  id: string
  message_id: string
  type: MeetingTypeKey
  status: MeetingStatus
  start_at: number
  end_at: number
  /** End plus the buffer it was booked with: the member is taken until then. */
  free_at: number
  zone: string
  language: Language
  member_id: string
  uid: string
  sequence: number
  /** SHA-256 (hex) of the manage link's token. */
  token_hash: string
  token_expires_at: number
  created_at: number
  updated_at: number
}

/** One quarter hour a member is taken by a meeting: the primary key forbids a double booking. */
export interface MeetingCellsTable {
  member_id: string
  cell_start: number
  meeting_id: string
}

export interface Database {
  messages: MessagesTable
  quote_requests: QuoteRequestsTable
  subscribers: SubscribersTable
  subscriber_tokens: SubscriberTokensTable
  admin_users: AdminUsersTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  login_throttle: LoginThrottleTable
  erasures: ErasuresTable
  periodic_runs: PeriodicRunsTable
  outbox: OutboxTable
  message_notes: MessageNotesTable
  audit_log: AuditLogTable
  key_checks: KeyChecksTable
  audience_events: AudienceEventsTable
  audience_daily: AudienceDailyTable
  audience_salts: AudienceSaltsTable
  releases: ReleasesTable
  release_pointer: ReleasePointerTable
  publisher_lock: PublisherLockTable
  push_deliveries: PushDeliveriesTable
  booking_types: BookingTypesTable
  booking_members: BookingMembersTable
  booking_closures: BookingClosuresTable
  meetings: MeetingsTable
  meeting_cells: MeetingCellsTable
  meeting_tokens: MeetingTokensTable
}
