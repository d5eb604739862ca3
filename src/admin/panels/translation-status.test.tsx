import { render, screen } from "@testing-library/react"
import React from "react"
import deAdmin from "../../../content/locales/de/admin.json"
import deCommon from "../../../content/locales/de/common.json"
import enAdmin from "../../../content/locales/en/admin.json"
import enCommon from "../../../content/locales/en/common.json"
import frAdmin from "../../../content/locales/fr/admin.json"
import frCommon from "../../../content/locales/fr/common.json"
import { AdminApp } from "../admin-app"
import { AUTH_STORAGE_KEY } from "../auth/session"

const files = {
  fr: { admin: frAdmin, common: frCommon },
  en: { admin: enAdmin, common: enCommon },
  de: { admin: deAdmin, common: deCommon },
}
const nodes = Object.entries(files).flatMap(([language, namespaces]) =>
  Object.entries(namespaces).map(([ns, data]) => ({ language, ns, data: JSON.stringify(data) })),
)
const summary = {
  messages: { unread: 0, read: 0, archived: 0, spam: 0, total: 0 },
  subscribers: 0,
  perDay: [],
}
const status = {
  languages: [
    { language: "en", missing: 0, outdated: 1, unused: 0 },
    { language: "de", missing: 0, outdated: 3, unused: 2 },
  ],
}
const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

function renderDashboard(language: string, translations: () => Promise<Response>) {
  window.localStorage.setItem("language", language)
  window.localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ expiresAt: Date.now() + 3_600_000 }),
  )
  const sources = {
    days: 7,
    total: 0,
    bySource: [],
    byCampaign: [],
    otherSources: 0,
    otherCampaigns: 0,
  }
  const session = {
    username: "admin",
    expiresAt: Date.now() + 3_600_000,
    role: "owner",
    totpEnabled: false,
    totpSetupRequired: false,
  }
  global.fetch = jest.fn((url: string) => {
    const path = String(url)
    if (path.startsWith("/api/admin/translations")) return translations()
    if (path.startsWith("/api/admin/sources")) return answer(sources)
    if (path === "/api/admin/session") return answer(session)
    return answer(summary)
  }) as jest.Mock
  render(<AdminApp nodes={nodes} pathname="/admin" search="" />)
}

describe("the dashboard's translation status", () => {
  beforeEach(() => window.localStorage.clear())

  it.each([
    ["en", enAdmin],
    ["de", deAdmin],
    ["fr", frAdmin],
  ] as const)(
    "shows outdated, missing and unused counts per language in %s",
    async (language, copy) => {
      renderDashboard(language, () => answer(status))
      expect(
        await screen.findByRole("heading", { name: copy.translations.title }),
      ).toBeInTheDocument()
      const lines = (await screen.findByTestId("translation-status")).querySelectorAll("li")
      expect(lines).toHaveLength(2)
      expect(lines[1].textContent).toContain(copy.translations.language.de)
      expect(lines[1].textContent).toMatch(/3 \S+.*0 \S+.*2 \S+/)
    },
  )

  it("reads 'German: 3 outdated, 0 missing, 2 unused' in English", async () => {
    renderDashboard("en", () => answer(status))
    const lines = (await screen.findByTestId("translation-status")).querySelectorAll("li")
    expect(lines[1].textContent).toBe("German: 3 outdated, 0 missing, 2 unused")
  })

  it("says the status is unavailable when the server has no content folder", async () => {
    renderDashboard("en", () => answer({ error: "content_not_found" }, 404))
    expect(await screen.findByText(enAdmin.translations.unavailable)).toBeInTheDocument()
  })
})
