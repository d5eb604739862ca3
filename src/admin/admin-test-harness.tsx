import { render } from "@testing-library/react"
import React from "react"
import deAdmin from "../../content/locales/de/admin.json"
import deCommon from "../../content/locales/de/common.json"
import enAdmin from "../../content/locales/en/admin.json"
import enCommon from "../../content/locales/en/common.json"
import frAdmin from "../../content/locales/fr/admin.json"
import frCommon from "../../content/locales/fr/common.json"
import type { Language } from "../i18n/languages"
import { AdminApp } from "./admin-app"
import { AUTH_STORAGE_KEY } from "./auth/session"

// The whole admin app in a test, its server a mocked fetch: for the screens' tests.

const files = {
  fr: { admin: frAdmin, common: frCommon },
  en: { admin: enAdmin, common: enCommon },
  de: { admin: deAdmin, common: deCommon },
}
const nodes = Object.entries(files).flatMap(([language, namespaces]) =>
  Object.entries(namespaces).map(([ns, data]) => ({ language, ns, data: JSON.stringify(data) })),
)

export const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

/** An answer of the test's own, or undefined for the common ones (session, summary) or a 404. */
export type Route = (path: string, init?: RequestInit) => Promise<Response> | undefined

/** Signs in as an owner or a member (in `language`) and answers the admin API with `route`. */
export function serveAdmin(
  role: "owner" | "member",
  route: Route = () => undefined,
  language: Language = "en",
): jest.Mock {
  window.localStorage.clear()
  window.localStorage.setItem("language", language)
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ expiresAt: Date.now() + 60_000 }))
  const fetchMock = jest.fn((url: string, init?: RequestInit) => {
    const path = String(url)
    return (
      route(path, init) ??
      (path === "/api/admin/session"
        ? answer({
            username: role === "owner" ? "admin" : "lea",
            expiresAt: Date.now() + 60_000,
            role,
            totpEnabled: false,
            totpSetupRequired: false,
          })
        : path.startsWith("/api/admin/summary")
          ? answer({
              messages: { unread: 0, read: 0, replied: 0, archived: 0, spam: 0, total: 0 },
              subscribers: 0,
              perDay: [],
            })
          : answer({ error: "not_found" }, 404))
    )
  })
  global.fetch = fetchMock as unknown as typeof fetch
  return fetchMock
}

export const renderAdmin = (pathname: string, search = "") =>
  render(<AdminApp nodes={nodes} pathname={pathname} search={search} />)

/** The calls made with `method` to `path` exactly. */
export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]: [string, RequestInit | undefined]) =>
      String(url) === path && (init?.method ?? "GET") === method,
  )
