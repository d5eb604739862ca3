import { SESSION_TTL_MS } from "../../../contract/session"

// The browser keeps only `{ expiresAt }` under the key "auth": the session itself is an
// HttpOnly cookie the server issued (ARCHITECTURE.md, "Deliberate departures"). This record
// lets the admin derive its signed-in state at start without a request, as SPEC 4 says.
export const AUTH_STORAGE_KEY = "auth"

export { SESSION_TTL_MS }

export type SessionRecord = { expiresAt: number }

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">

/** The stored record when its expiry is in the future; an expired or unparseable one is removed. */
export function readSession(storage: Storage, now = Date.now()): SessionRecord | null {
  let raw: string | null
  try {
    raw = storage.getItem(AUTH_STORAGE_KEY)
  } catch {
    return null
  }
  if (raw === null) return null
  const record = parse(raw)
  if (record && record.expiresAt > now) return record
  clearSession(storage)
  return null
}

function parse(raw: string): SessionRecord | null {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== "object" || value === null) return null
    const { expiresAt } = value as { expiresAt?: unknown }
    return typeof expiresAt === "number" && Number.isFinite(expiresAt) ? { expiresAt } : null
  } catch {
    return null
  }
}

/** Stores the record; without the server's expiry, 24 hours from now. */
export function saveSession(storage: Storage, expiresAt?: number, now = Date.now()): SessionRecord {
  const record = {
    expiresAt:
      typeof expiresAt === "number" && Number.isFinite(expiresAt)
        ? expiresAt
        : now + SESSION_TTL_MS,
  }
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(record))
  } catch {
    // Storage can be refused (private mode); the session then lasts until the page closes.
  }
  return record
}

export function clearSession(storage: Storage): void {
  try {
    storage.removeItem(AUTH_STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to remove.
  }
}
