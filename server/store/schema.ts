// Times are milliseconds since the epoch in BIGINT columns: the same type and the same
// arithmetic in SQLite and PostgreSQL.
export const MESSAGE_STATUSES = ["unread", "read", "replied", "archived", "spam"] as const
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
  /** Where the lead came from: the visit's landing path, external referrer host, utm_* of the landing URL. */
  landing_page: string | null
  referrer_host: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  assignee_id: string | null
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

export const ADMIN_ROLES = ["owner", "member"] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

export interface AdminUsersTable {
  id: string
  username: string
  password_hash: string
  created_at: number
  updated_at: number
  role: AdminRole
  /** Base32 TOTP secret once enabled; the pending one waits for a first valid code. */
  totp_secret: string | null
  totp_pending_secret: string | null
  /** The last 30-second step whose code was accepted: a code is good once (RFC 6238, 5.2). */
  totp_last_step: number | null
}

export interface MessageNotesTable {
  id: string
  message_id: string
  author_username: string
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
  message_notes: MessageNotesTable
  audit_log: AuditLogTable
}
