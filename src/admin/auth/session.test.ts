import { AUTH_STORAGE_KEY, clearSession, readSession, saveSession, SESSION_TTL_MS } from "./session"

const NOW = Date.UTC(2026, 10, 22, 12)

describe("the stored session record", () => {
  beforeEach(() => window.localStorage.clear())

  it("is signed in while the expiry is in the future", () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ expiresAt: NOW + 1000 }))
    expect(readSession(window.localStorage, NOW)).toEqual({ expiresAt: NOW + 1000 })
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull()
  })

  it.each([
    ["expired", JSON.stringify({ expiresAt: NOW - 1 })],
    ["expiring right now", JSON.stringify({ expiresAt: NOW })],
    ["not JSON", "{expiresAt:"],
    ["without expiresAt", JSON.stringify({ token: "abc" })],
    ["with a text expiry", JSON.stringify({ expiresAt: String(NOW + 1000) })],
    ["null", "null"],
  ])("is signed out and removed when %s", (_, raw) => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, raw)
    expect(readSession(window.localStorage, NOW)).toBeNull()
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it("is signed out when nothing is stored", () => {
    expect(readSession(window.localStorage, NOW)).toBeNull()
  })

  it("is saved with the server's expiry, or for 24 hours", () => {
    saveSession(window.localStorage, NOW + 5000, NOW)
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({
      expiresAt: NOW + 5000,
    })
    saveSession(window.localStorage, undefined, NOW)
    expect(readSession(window.localStorage, NOW + SESSION_TTL_MS - 1)).toEqual({
      expiresAt: NOW + SESSION_TTL_MS,
    })
    expect(readSession(window.localStorage, NOW + SESSION_TTL_MS)).toBeNull()
  })

  it("is removed on sign-out", () => {
    saveSession(window.localStorage, NOW + 5000, NOW)
    clearSession(window.localStorage)
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it("survives a storage that refuses access", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied")
      },
      setItem: () => {
        throw new Error("denied")
      },
      removeItem: () => {
        throw new Error("denied")
      },
    }
    expect(readSession(refusing, NOW)).toBeNull()
    expect(saveSession(refusing, NOW + 1, NOW)).toEqual({ expiresAt: NOW + 1 })
  })
})
