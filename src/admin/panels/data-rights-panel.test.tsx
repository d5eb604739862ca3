import { fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import React from "react"
import deAdmin from "../../../content/locales/de/admin.json"
import deCommon from "../../../content/locales/de/common.json"
import enAdmin from "../../../content/locales/en/admin.json"
import enCommon from "../../../content/locales/en/common.json"
import frAdmin from "../../../content/locales/fr/admin.json"
import frCommon from "../../../content/locales/fr/common.json"
import { copy } from "../../test/copy"
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

const found = {
  email: "lea@example.fr",
  messages: [
    {
      id: "m1",
      createdAt: "2026-11-20T09:30:00.000Z",
      status: "read",
      name: "Léa",
      email: "lea@example.fr",
      company: null,
      phone: null,
      message: "Un devis\nmerci",
      language: "fr",
      page: "/contact",
    },
  ],
  subscription: {
    email: "lea@example.fr",
    language: "fr",
    subscribedAt: "2026-11-01T08:00:00.000Z",
    consentAt: "2026-11-01T08:00:00.000Z",
    consentVersion: "2026-11-22",
  },
}
const erasure = {
  id: "e1",
  erasedAt: "2026-11-22T10:00:00.000Z",
  adminUsername: "admin",
  emailSha256: "ab".repeat(32),
  messages: 1,
  subscriptions: 1,
}

const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

const rights = (key: string, values?: Record<string, string | number>) =>
  copy("fr", `admin:dataRights.${key}`, values)

describe("the data-rights panel of the Data screen", () => {
  let erased = false
  let fetchMock: jest.Mock
  beforeEach(() => {
    erased = false
    window.localStorage.clear()
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    fetchMock = jest.fn((url: string, init?: RequestInit) => {
      const path = String(url)
      if (path === "/api/admin/session")
        return answer({
          username: "admin",
          expiresAt: Date.now() + 60_000,
          role: "owner",
          totpEnabled: false,
          totpSetupRequired: false,
        })
      if (path.startsWith("/api/admin/summary"))
        return answer({
          messages: { unread: 0, read: 1, archived: 0, spam: 0, total: 1 },
          subscribers: 1,
          perDay: [],
        })
      if (path.startsWith("/api/admin/subscribers"))
        return answer({ items: [], total: 0, page: 1, pageSize: 20 })
      if (path.startsWith("/api/admin/data-rights/erasures"))
        return answer({
          items: erased ? [erasure] : [],
          total: erased ? 1 : 0,
          page: 1,
          pageSize: 10,
        })
      if (path === "/api/admin/data-rights/search")
        return answer(erased ? { email: found.email, messages: [], subscription: null } : found)
      if (path === "/api/admin/data-rights/erase" && init?.method === "POST") {
        erased = true
        return answer(erasure)
      }
      return answer({}, 404)
    })
    global.fetch = fetchMock as unknown as typeof fetch
  })

  it("finds an address's data, erases it after confirmation and shows the erasure in the log", async () => {
    render(<AdminApp nodes={nodes} pathname="/admin/data" search="" />)
    const panel = await screen.findByTestId("data-rights")
    expect(await within(panel).findByText(rights("logEmpty"))).toBeInTheDocument()

    fireEvent.change(within(panel).getByLabelText(rights("emailLabel")), {
      target: { value: " Lea@example.fr " },
    })
    fireEvent.click(within(panel).getByRole("button", { name: rights("find") }))
    const result = await within(panel).findByTestId("data-rights-found")
    expect(result).toHaveTextContent(rights("messages", { count: 1 }))
    expect(result).toHaveTextContent("Un devis")
    expect(result).toHaveTextContent("2026-11-22")
    // The address travels in the body, never in the URL.
    const search = fetchMock.mock.calls.find(([url]) => url === "/api/admin/data-rights/search")!
    expect(JSON.parse(search[1].body)).toEqual({ email: "Lea@example.fr" })

    fireEvent.click(within(result).getByRole("button", { name: rights("erase") }))
    const dialog = (await screen.findByText(rights("confirmTitle"))).closest("dialog")!
    expect(dialog).toHaveTextContent("lea@example.fr")
    fireEvent.click(within(dialog).getByRole("button", { name: rights("erase"), hidden: true }))
    expect(
      await within(panel).findByText(rights("erased", { messages: 1, subscriptions: 1 })),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(within(panel).getByTestId("erasure-log")).toHaveTextContent("ab".repeat(32)),
    )
    expect(screen.queryByTestId("data-rights-found")).toBeNull()
  })
})
