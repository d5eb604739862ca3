import { navigate } from "gatsby"
import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react"
import * as api from "../client/admin-client"
import { LOGIN_PATH } from "./return-path"
import { clearSession, readSession, saveSession } from "./session"

export type AuthStatus = "unknown" | "signedIn" | "signedOut"
export type LoginError =
  "invalid" | "throttled" | "failed" | "totpRequired" | "totpInvalid" | "totpUnreadable"

export type AuthState = {
  /** "unknown" until the stored record is read, after the first render (it does not exist on the server). */
  status: AuthStatus
  /** True when the admin chose to sign out: the guard then does not remember the page. */
  signedOutOnPurpose: boolean
  loginError: LoginError | null
  /** The specification's login function: true when signed in. */
  login: (username: string, password: string, totp?: string) => Promise<boolean>
  logout: () => Promise<void>
  /** Stores the expiry of a session the server renewed (after a password change). */
  renew: (expiresAt: number) => void
}

const AuthContext = createContext<AuthState | null>(null)

// setTimeout takes at most a signed 32-bit delay; a longer one fires at once.
const MAX_TIMER_MS = 2 ** 31 - 1

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [expiresAt, setExpiresAt] = useState<number | null>(null)
  const [status, setStatus] = useState<AuthStatus>("unknown")
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false)
  const [loginError, setLoginError] = useState<LoginError | null>(null)

  const expire = useCallback(() => {
    clearSession(window.localStorage)
    setExpiresAt(null)
    setSignedOutOnPurpose(false)
    setStatus("signedOut")
  }, [])

  useEffect(() => {
    const record = readSession(window.localStorage)
    setExpiresAt(record?.expiresAt ?? null)
    setStatus(record ? "signedIn" : "signedOut")
  }, [])

  useEffect(() => api.onUnauthorized(expire), [expire])

  // The session ends while the page stays open: at its expiry, or when another tab signs out.
  useEffect(() => {
    if (status !== "signedIn" || expiresAt === null) return
    const timer = setTimeout(expire, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS))
    const recheck = () => {
      if (!readSession(window.localStorage)) expire()
    }
    window.addEventListener("storage", recheck)
    window.addEventListener("focus", recheck)
    return () => {
      clearTimeout(timer)
      window.removeEventListener("storage", recheck)
      window.removeEventListener("focus", recheck)
    }
  }, [status, expiresAt, expire])

  const login = useCallback(async (username: string, password: string, totp?: string) => {
    const result = await api.login(username, password, totp)
    if (!result.ok) {
      setLoginError(result.reason)
      return false
    }
    const record = saveSession(window.localStorage, result.expiresAt)
    setLoginError(null)
    setSignedOutOnPurpose(false)
    setExpiresAt(record.expiresAt)
    setStatus("signedIn")
    return true
  }, [])

  const renew = useCallback((next: number) => {
    setExpiresAt(saveSession(window.localStorage, next).expiresAt)
  }, [])

  const logout = useCallback(async () => {
    await api.logout()
    clearSession(window.localStorage)
    setSignedOutOnPurpose(true)
    setExpiresAt(null)
    setStatus("signedOut")
    await navigate(LOGIN_PATH)
  }, [])

  const value = useMemo(
    () => ({ status, signedOutOnPurpose, loginError, login, logout, renew }),
    [status, signedOutOnPurpose, loginError, login, logout, renew],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext)
  if (!state) throw new Error("useAuth must be used within an AuthProvider")
  return state
}
