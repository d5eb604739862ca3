import type { BulkAction, MessageFilterParams, Page, SessionInfo } from "../../contract/admin"
import type {
  AudienceParams,
  AudienceReportPayload,
  AudienceTable,
} from "../../contract/audience-report"
import type { AuditEntry } from "../../contract/audit"
import type { Erasure, PersonalData } from "../../contract/data-rights"
import type { Message } from "../../contract/message"
import type { MessageStatus } from "../../contract/message-status"
import type { Delivery, OutboxOverview, WebhookOverview } from "../../contract/outbox"
import type { Role } from "../../contract/roles"
import type { Subscriber } from "../../contract/subscriber"
import type { Summary } from "../../contract/summary"
import type {
  Assignee,
  LeadSourceCounts,
  NewUser,
  Note,
  SourceCounts,
  TeamMember,
  TotpSetup,
} from "../../contract/team"
import type { TranslationStatus } from "../../contract/translations"
import { apiUrl } from "./client"

export { MESSAGE_STATUSES } from "../../contract/message-status"
export { MIN_PASSWORD_LENGTH } from "../../contract/session"

// The admin API of server/routes/admin: a cookie session, so every call sends credentials.
// A 401 anywhere means the server no longer knows the session (expired, revoked, another
// device signed out): the registered handler signs the admin out and asks them to sign in.

// Types come from the HTTP contract (contract/), which the server validates and serializes with.
export type { BulkAction, Message, MessageStatus, Page, Subscriber, Summary }
export type MessageQuery = MessageFilterParams

export class UnauthorizedError extends Error {
  constructor() {
    super("The admin session is over")
    this.name = "UnauthorizedError"
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Admin API answered ${status} ${code}`)
    this.name = "ApiError"
  }
}

let unauthorizedHandler: (() => void) | null = null

/** Called on every 401 but a failed login; returns the function that unregisters it. */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandler = handler
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const headers =
    init.body === undefined ? init.headers : { "Content-Type": "application/json", ...init.headers }
  const response = await fetch(apiUrl(path), { ...init, headers, credentials: "include" })
  if (response.status === 401) {
    unauthorizedHandler?.()
    throw new UnauthorizedError()
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null
    throw new ApiError(response.status, body?.error ?? "http_error")
  }
  return response
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  return (await send(path, init)).json() as Promise<T>
}

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ""
}

export type LoginResult =
  | { ok: true; expiresAt: number }
  | {
      ok: false
      reason: "invalid" | "throttled" | "failed" | "totpRequired" | "totpInvalid" | "totpUnreadable"
    }

/** A wrong password is an answer, not an expired session: it never calls the 401 handler. */
export async function login(
  username: string,
  password: string,
  totp?: string,
): Promise<LoginResult> {
  try {
    const response = await fetch(apiUrl("/api/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "include",
      body: JSON.stringify(totp ? { username, password, totp } : { username, password }),
    })
    if (response.ok)
      return { ok: true, expiresAt: ((await response.json()) as { expiresAt: number }).expiresAt }
    if (response.status === 429) return { ok: false, reason: "throttled" }
    const code =
      response.status === 401 || response.status === 409
        ? ((await response.json().catch(() => null)) as { error?: string } | null)?.error
        : undefined
    if (code === "totp_required") return { ok: false, reason: "totpRequired" }
    // The stored secret no longer opens (the server's TOTP key changed): an owner resets it.
    if (code === "totp_unreadable") return { ok: false, reason: "totpUnreadable" }
    if (code === "invalid_totp") return { ok: false, reason: "totpInvalid" }
    return {
      ok: false,
      reason: response.status === 401 || response.status === 400 ? "invalid" : "failed",
    }
  } catch {
    return { ok: false, reason: "failed" }
  }
}

/** Revokes the server session; signing out goes on locally even when the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await fetch(apiUrl("/api/admin/logout"), { method: "POST", credentials: "include" })
  } catch {
    // The cookie expires on its own; the local record is removed by the caller.
  }
}

export const getSummary = () => json<Summary>("/api/admin/summary")

/** Per translated language, the keys missing, outdated (French changed since) and unused. */

export type { TranslationStatus }
export const getTranslationStatus = () => json<TranslationStatus>("/api/admin/translations")

export const listMessages = (query: MessageQuery & { page?: number; pageSize?: number }) =>
  json<Page<Message>>(`/api/admin/messages${queryString(query)}`)

export const getMessage = (id: string) =>
  json<Message>(`/api/admin/messages/${encodeURIComponent(id)}`)

export const setMessageStatus = (id: string, status: MessageStatus) =>
  json<Message>(`/api/admin/messages/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify({ status }),
  })

export const deleteMessage = async (id: string) => {
  await send(`/api/admin/messages/${encodeURIComponent(id)}`, { method: "DELETE" })
}

export const bulkMessages = (ids: string[], action: BulkAction) =>
  json<{ changed: number }>("/api/admin/messages/bulk", {
    method: "POST",
    body: JSON.stringify({ ids, action }),
  })

export const listSubscribers = (query: { q?: string; page?: number; pageSize?: number }) =>
  json<Page<Subscriber>>(`/api/admin/subscribers${queryString(query)}`)

export const removeSubscriber = async (id: string) => {
  await send(`/api/admin/subscribers/${encodeURIComponent(id)}`, { method: "DELETE" })
}

/** A wrong current password answers 400 wrong_password (an ApiError), not 401. The server renews the session. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  json<{ expiresAt: number }>("/api/admin/password", {
    method: "POST",
    body: JSON.stringify({ currentPassword, newPassword }),
  })

export const messagesCsvPath = (query: MessageQuery) =>
  `/api/admin/messages/export.csv${queryString(query)}`
export const subscribersCsvPath = (query: { q?: string }) =>
  `/api/admin/subscribers/export.csv${queryString(query)}`

/** Saves an answer as a file, under the name the server gives it (or `fallback`). */
async function saveAs(response: Response, fallback: string): Promise<void> {
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement("a")
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Fetches a CSV export (so that a 401 is handled like any other) and saves it under the server's file name. */
export async function downloadCsv(path: string): Promise<void> {
  await saveAs(await send(path), "export.csv")
}

// A person's rights over their data (server/routes/admin/data-rights.ts). The address goes in
// a POST body so that it never appears in a URL or a log.
export type { Erasure, PersonalData }

export const findPersonalData = (email: string) =>
  json<PersonalData>("/api/admin/data-rights/search", {
    method: "POST",
    body: JSON.stringify({ email }),
  })

export const erasePersonalData = (email: string) =>
  json<Erasure>("/api/admin/data-rights/erase", { method: "POST", body: JSON.stringify({ email }) })

export const listErasures = (query: { page?: number; pageSize?: number }) =>
  json<Page<Erasure>>(`/api/admin/data-rights/erasures${queryString(query)}`)

/** Downloads everything stored about `email` as the JSON file the server names. */
export async function downloadPersonalData(email: string): Promise<void> {
  await saveAs(
    await send("/api/admin/data-rights/export", {
      method: "POST",
      body: JSON.stringify({ email }),
    }),
    "personal-data.json",
  )
}

// The shared inbox (server/routes/admin/message-team.ts, users.ts, totp.ts, lead-sources.ts).
export type AdminRole = Role
export type Account = SessionInfo
export type { Assignee, AuditEntry, LeadSourceCounts, Note, SourceCounts, TeamMember }
export { ROLES as ADMIN_ROLES } from "../../contract/roles"
export const SOURCE_PERIODS = [7, 30, 90] as const

export const getAccount = () => json<Account>("/api/admin/session")

export const listAssignees = () => json<Assignee[]>("/api/admin/assignees")

export const assignMessage = (id: string, assigneeId: string | null) =>
  json<Message>(`/api/admin/messages/${encodeURIComponent(id)}/assignee`, {
    method: "PUT",
    body: JSON.stringify({ assigneeId }),
  })

export const listNotes = (id: string) =>
  json<Note[]>(`/api/admin/messages/${encodeURIComponent(id)}/notes`)

export const addNote = (id: string, text: string) =>
  json<Note>(`/api/admin/messages/${encodeURIComponent(id)}/notes`, {
    method: "POST",
    body: JSON.stringify({ text }),
  })

/** The Audience view (server/routes/admin/audience.ts) and the CSV of one of its tables. */
export type { AudienceParams, AudienceReportPayload, AudienceTable }
export const getAudience = (query: AudienceParams) =>
  json<AudienceReportPayload>(`/api/admin/audience${queryString(query)}`)
export const audienceCsvPath = (query: AudienceParams, table: AudienceTable) =>
  `/api/admin/audience/export.csv${queryString({ ...query, table })}`
export const getSourceCounts = (days: (typeof SOURCE_PERIODS)[number]) =>
  json<SourceCounts>(`/api/admin/sources${queryString({ days })}`)

export const listUsers = () => json<TeamMember[]>("/api/admin/users")

/** The new account and its first password, shown once. */
export const addUser = (username: string, role: AdminRole) =>
  json<NewUser>("/api/admin/users", { method: "POST", body: JSON.stringify({ username, role }) })

export const setUserRole = (id: string, role: AdminRole) =>
  json<TeamMember>(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify({ role }),
  })

export const removeUser = async (id: string) => {
  await send(`/api/admin/users/${encodeURIComponent(id)}`, { method: "DELETE" })
}

export const resetUserTotp = async (id: string) => {
  await send(`/api/admin/users/${encodeURIComponent(id)}/totp`, { method: "DELETE" })
}

export const listAudit = (query: { page?: number; pageSize?: number; messageId?: string }) =>
  json<Page<AuditEntry>>(`/api/admin/audit${queryString(query)}`)

export const startTotp = () => json<TotpSetup>("/api/admin/totp/setup", { method: "POST" })
export const enableTotp = (code: string) =>
  json<{ totpEnabled: true }>("/api/admin/totp/enable", {
    method: "POST",
    body: JSON.stringify({ code }),
  })
export const disableTotp = (password: string) =>
  json<{ totpEnabled: false }>("/api/admin/totp/disable", {
    method: "POST",
    body: JSON.stringify({ password }),
  })

// The outbox (server/routes/admin/outbox.ts): deliveries that failed for good, and webhooks.
export type { Delivery, OutboxOverview, WebhookOverview }

export const getOutbox = () => json<OutboxOverview>("/api/admin/outbox")

export const retryDelivery = (id: string) =>
  json<{ status: "pending" }>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, {
    method: "POST",
  })

export const listWebhooks = () => json<{ webhooks: WebhookOverview[] }>("/api/admin/webhooks")

export const sendTestEvent = (index: number) =>
  json<{ id: string }>(`/api/admin/webhooks/${index}/test`, { method: "POST" })
