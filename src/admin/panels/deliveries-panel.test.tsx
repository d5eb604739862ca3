import { fireEvent, render, screen, waitFor, within } from "@testing-library/react"
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
const copy = frAdmin.deliveries

const failedDelivery = {
  id: "d1",
  kind: "ack",
  messageId: "m1",
  target: "lea@example.fr",
  status: "failed",
  attempts: 16,
  nextAt: "2026-11-22T10:00:00.000Z",
  lastError: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25",
  createdAt: "2026-11-22T09:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
}
const sentTest = {
  ...failedDelivery,
  id: "d2",
  kind: "webhook",
  messageId: null,
  target: "https://hooks.example.com/…",
  status: "sent",
  attempts: 1,
  lastError: null,
}
const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

describe("the deliveries panel of the Deliveries screen", () => {
  let retried = false
  let fetchMock: jest.Mock
  beforeEach(() => {
    retried = false
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
          subscribers: 0,
          perDay: [],
        })
      if (path === "/api/admin/outbox")
        return answer({
          failed: retried ? [] : [failedDelivery],
          counts: { pending: retried ? 1 : 0, sent: 3, failed: retried ? 0 : 1 },
        })
      if (path === "/api/admin/outbox/d1/retry" && init?.method === "POST") {
        retried = true
        return answer({ status: "pending" })
      }
      if (path === "/api/admin/webhooks")
        return answer({
          webhooks: [
            {
              index: 0,
              label: "https://hooks.example.com/…",
              format: "standard",
              deliveries: [sentTest],
            },
          ],
        })
      if (path === "/api/admin/webhooks/0/test" && init?.method === "POST")
        return answer({ id: "d3" }, 202)
      return answer({}, 404)
    })
    global.fetch = fetchMock as unknown as typeof fetch
  })

  it("shows a failed delivery with its error and retries it; sends a test event to a webhook", async () => {
    render(<AdminApp nodes={nodes} pathname="/admin/deliveries" search="" />)
    const panel = (await screen.findByRole("heading", { level: 2, name: copy.title })).closest(
      "section",
    )!
    const failed = await within(panel).findByText(/ECONNREFUSED/)
    expect(failed.closest("li")).toHaveTextContent(copy.kind.ack)
    expect(failed.closest("li")).toHaveTextContent(copy.attempts_other.replace("{{count}}", "16"))

    const retry = within(panel).getByRole("button", { name: new RegExp(copy.retry) })
    retry.focus()
    expect(document.activeElement).toBe(retry)
    fireEvent.click(retry)
    expect(await within(panel).findByText(copy.retried)).toBeInTheDocument()
    await waitFor(() => expect(within(panel).getByText(copy.failedEmpty)).toBeInTheDocument())

    const webhook = within(panel).getByTestId("webhook")
    expect(webhook).toHaveTextContent("https://hooks.example.com/…")
    expect(webhook).toHaveTextContent(copy.state.sent)
    fireEvent.click(
      within(webhook).getByRole("button", {
        name: copy.sendTestLabel.replace("{{label}}", "https://hooks.example.com/…"),
      }),
    )
    expect(
      await within(panel).findByText(
        copy.testQueued.replace("{{label}}", "https://hooks.example.com/…"),
      ),
    ).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/admin/webhooks/0/test" && init?.method === "POST",
      ),
    ).toBe(true)
  })

  it("says why when a retry is refused because the webhook was removed from WEBHOOK_URLS", async () => {
    const removed = {
      ...failedDelivery,
      id: "d9",
      kind: "webhook",
      target: "https://old.example/…",
    }
    const route = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (String(url) === "/api/admin/outbox")
        return answer({ failed: [removed], counts: { pending: 0, sent: 0, failed: 1 } })
      if (String(url) === "/api/admin/outbox/d9/retry")
        return answer({ error: "webhook_not_configured", message: "x" }, 409)
      return route(url, init)
    })
    render(<AdminApp nodes={nodes} pathname="/admin/deliveries" search="" />)
    const panel = (await screen.findByRole("heading", { level: 2, name: copy.title })).closest(
      "section",
    )!
    await within(panel).findByText(/ECONNREFUSED/)
    fireEvent.click(within(panel).getByRole("button", { name: new RegExp(copy.retry) }))
    expect(await within(panel).findByText(copy.notConfigured)).toBeInTheDocument()
    expect(within(panel).getByText(/ECONNREFUSED/)).toBeInTheDocument()
  })
})
