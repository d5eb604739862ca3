import type { BulkAction, MessageFilterParams, Page, SessionInfo } from "../../../contract/admin"
import type {
  AudienceParams,
  AudienceReportPayload,
  AudienceTable,
} from "../../../contract/audience-report"
import type { AuditEntry } from "../../../contract/audit"
import type { Erasure, PersonalData } from "../../../contract/data-rights"
import type { RouteRef } from "../../../contract/endpoints/types"
import type { Message } from "../../../contract/message"
import type { MessageKind, MessageStatus } from "../../../contract/message-status"
import type { Delivery, OutboxOverview, WebhookOverview } from "../../../contract/outbox"
import type { Release, ReleasesOverview } from "../../../contract/releases"
import type { Role } from "../../../contract/roles"
import type { Subscriber } from "../../../contract/subscriber"
import type { Summary } from "../../../contract/summary"
import type {
  Assignee,
  LeadSourceCounts,
  NewUser,
  Note,
  SourceCounts,
  TeamMember,
  TotpSetup,
} from "../../../contract/team"
import type { TranslationStatus } from "../../../contract/translations"
import { apiUrl } from "../../api-client/api-url"
import {
  type Answer,
  type InputArg,
  type Optional,
  pathOf,
  requestInit,
  type Where,
} from "../../api-client/request"
import * as dashboard from "../../api-client/routes/admin-dashboard"
import * as dataRights from "../../api-client/routes/admin-data-rights"
import * as meetings from "../../api-client/routes/admin-meetings"
import * as messages from "../../api-client/routes/admin-messages"
import * as outbox from "../../api-client/routes/admin-outbox"
import * as releases from "../../api-client/routes/admin-releases"
import * as session from "../../api-client/routes/admin-session"
import * as subscribers from "../../api-client/routes/admin-subscribers"
import * as team from "../../api-client/routes/admin-team"

export { MESSAGE_STATUSES } from "../../../contract/message-status"
export { MIN_PASSWORD_LENGTH } from "../../../contract/session"
export { queryString } from "../../api-client/request"

// The admin API of server/routes/admin: a cookie session, so every call sends credentials.
// A 401 anywhere means the server no longer knows the session (expired, revoked, another
// device signed out): the registered handler signs the admin out and asks them to sign in.
// Paths, bodies and answers come from the table of endpoints (contract/endpoints/).

// Types come from the HTTP contract (contract/), which the server validates and serializes with.
export type { BulkAction, Message, MessageKind, MessageStatus, Page, Subscriber, Summary }
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

/** The admin's entries of the derived client (src/api-client/routes/, generated from the table). */
export const endpoints = {
  ...dashboard,
  ...dataRights,
  ...meetings,
  ...messages,
  ...outbox,
  ...releases,
  ...session,
  ...subscribers,
  ...team,
}

let unauthorizedHandler: (() => void) | null = null

/** Called on every 401 but a failed login; returns the function that unregisters it. */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandler = handler
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null
  }
}

/** Fetches `path` with the session cookie: a 401 calls the handler, another error is an ApiError. */
export async function fetchPath(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(apiUrl(path), { ...init, credentials: "include" })
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

const send = <R extends RouteRef>(route: R, ...input: InputArg<R>) =>
  // An Input is a Where with a body, which pathOf does not read.
  fetchPath(pathOf(route, ...(input as Optional<Where<R>>)), requestInit(route, ...input))

/** The entry's answer, as the contract declares it (null for a 204): `call(endpoints.x, input)`. */
export async function call<R extends RouteRef>(
  route: R,
  ...input: InputArg<R>
): Promise<Answer<R>> {
  const response = await send(route, ...input)
  return (response.status === 204 ? null : response.json()) as Promise<Answer<R>>
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
    const body = totp ? { username, password, totp } : { username, password }
    const response = await fetch(apiUrl(pathOf(session.login)), {
      ...requestInit(session.login, { body }),
      credentials: "include",
    })
    if (response.ok)
      return {
        ok: true,
        expiresAt: ((await response.json()) as Answer<typeof session.login>).expiresAt,
      }
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
    await fetch(apiUrl(pathOf(session.logout)), {
      ...requestInit(session.logout),
      credentials: "include",
    })
  } catch {
    // The cookie expires on its own; the local record is removed by the caller.
  }
}

/** Per translated language, the keys missing, outdated (French changed since) and unused. */
export type { TranslationStatus }

export const messagesCsvPath = (query: MessageQuery) => pathOf(messages.exportMessages, { query })
export const subscribersCsvPath = (query: { q?: string }) =>
  pathOf(subscribers.exportSubscribers, { query })

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
  await saveAs(await fetchPath(path), "export.csv")
}

// A person's rights over their data (server/routes/admin/data-rights.ts). The address goes in
// a POST body so that it never appears in a URL or a log.
export type { Erasure, PersonalData }

/** Downloads everything stored about `email` as the JSON file the server names. */
export async function downloadPersonalData(email: string): Promise<void> {
  await saveAs(await send(dataRights.exportPersonalData, { body: { email } }), "personal-data.json")
}

// The shared inbox (server/routes/admin/message-team.ts, users.ts, totp.ts, lead-sources.ts).
export type AdminRole = Role
export type Account = SessionInfo
export type { Assignee, AuditEntry, LeadSourceCounts, NewUser, Note, SourceCounts, TeamMember }
export type { TotpSetup }
export { ROLES as ADMIN_ROLES } from "../../../contract/roles"
export const SOURCE_PERIODS = [7, 30, 90] as const

/** The Audience view (server/routes/admin/audience.ts) and the CSV of one of its tables. */
export type { AudienceParams, AudienceReportPayload, AudienceTable }
export const audienceCsvPath = (query: AudienceParams, table: AudienceTable) =>
  pathOf(dashboard.exportAudience, { query: { ...query, table } })

// The outbox (server/routes/admin/outbox.ts): deliveries that failed for good, and webhooks.
export type { Delivery, OutboxOverview, WebhookOverview }

// Releases (server/releases/): members see them, owners publish, preview and roll back.
export type { Release, ReleasesOverview }
