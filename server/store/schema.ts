import type { Language } from "../../contract/languages"
import type { MessageStatus, SpamReason } from "../../contract/message-status"

// Times are milliseconds since the epoch in BIGINT columns: the same type and the same
// arithmetic in SQLite and PostgreSQL.
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
  language: Language | null
  page: string | null
  spam_reason: SpamReason | null
  search_text: string
  notify_status: NotifyStatus
  notify_attempts: number
  notify_next_at: number | null
}

export interface SubscribersTable {
  id: string
  email: string
  language: Language
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

export interface Database {
  messages: MessagesTable
  subscribers: SubscribersTable
  admin_users: AdminUsersTable
  sessions: SessionsTable
  rate_limits: RateLimitsTable
  login_failures: LoginFailuresTable
  erasures: ErasuresTable
}
