// Times are milliseconds since the epoch in BIGINT columns: the same type and the same
// arithmetic in SQLite and PostgreSQL.
export const MESSAGE_STATUSES = ["unread", "read", "archived", "spam"] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export type NotifyStatus = "none" | "pending" | "sent" | "failed"

export interface MessagesTable {
  id: string
  created_at: number
  status: MessageStatus
  name: string
  email: string
  company: string | null
  phone: string | null
  message: string
  language: string | null
  page: string | null
  spam_reason: string | null
  search_text: string
  notify_status: NotifyStatus
  notify_attempts: number
  notify_next_at: number | null
}

export interface SubscribersTable {
  id: string
  email: string
  language: string
  token: string
  created_at: number
  /** When the subscriber consented, and which version of the consent wording they saw. */
  consent_at: number | null
  consent_version: string | null
  /** When the address confirmed the subscription from the mail; null while that is pending. */
  confirmed_at: number | null
}

export interface AdminUsersTable {
  id: string
  username: string
  password_hash: string
  created_at: number
  updated_at: number
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

export interface LoginFailuresTable {
  key: string
  failures: number
  last_failure_at: number
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

export interface Database {
  messages: MessagesTable
  subscribers: SubscribersTable
  admin_users: AdminUsersTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  login_failures: LoginFailuresTable
  erasures: ErasuresTable
  periodic_runs: PeriodicRunsTable
}
