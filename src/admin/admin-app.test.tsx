import { fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import React from "react"
import deAdmin from "../../content/locales/de/admin.json"
import deCommon from "../../content/locales/de/common.json"
import enAdmin from "../../content/locales/en/admin.json"
import enCommon from "../../content/locales/en/common.json"
import frAdmin from "../../content/locales/fr/admin.json"
import frCommon from "../../content/locales/fr/common.json"
import type { Language } from "../i18n/languages"
import { copy, copyPattern } from "../test/copy"
import { AdminApp } from "./admin-app"
import { AUTH_STORAGE_KEY } from "./auth/session"

const files = {
  fr: { admin: frAdmin, common: frCommon },
  en: { admin: enAdmin, common: enCommon },
  de: { admin: deAdmin, common: deCommon },
}
const nodes = Object.entries(files).flatMap(([language, namespaces]) =>
  Object.entries(namespaces).map(([ns, data]) => ({ language, ns, data: JSON.stringify(data) })),
)
const navigateMock = (window as unknown as { ___navigate: jest.Mock }).___navigate

const message = {
  id: "m1",
  createdAt: "2026-11-20T09:30:00.000Z",
  status: "read",
  name: "Eve <b>Hacker</b>",
  email: "eve@example.com",
  company: null,
  phone: null,
  message: "Hello <img src=x onerror=alert(1)><script>alert(2)</script>",
  language: "en",
  page: "/en/contact",
  spamReason: null,
  assignee: null,
  source: {
    landingPage: "/blog",
    referrer: null,
    utmSource: "newsletter",
    utmMedium: null,
    utmCampaign: "spring",
    utmTerm: null,
    utmContent: null,
  },
}
const owner = {
  username: "admin",
  expiresAt: Date.now() + 60_000,
  role: "owner",
  totpEnabled: false,
  totpSetupRequired: false,
}
const summary = {
  messages: { unread: 3, read: 1, archived: 0, spam: 0, total: 4 },
  subscribers: 2,
  perDay: [],
}

function renderAdmin(pathname: string, search = "") {
  return render(<AdminApp nodes={nodes} pathname={pathname} search={search} />)
}

const answer = (body: unknown, status = 200) =>
  Promise.resolve({
    ok: status < 400,
    status,
    json: async () => body,
    headers: new Headers(),
  } as Response)

const admin = (language: Language, key: string, values?: Record<string, string>) =>
  copy(language, `admin:${key}`, values)

describe("the admin app", () => {
  beforeEach(() => {
    window.localStorage.clear()
    navigateMock.mockClear()
    global.fetch = jest.fn((url: string) =>
      String(url).startsWith("/api/admin/summary")
        ? answer(summary)
        : String(url) === "/api/admin/session"
          ? answer(owner)
          : String(url) === "/api/admin/messages/m1/notes"
            ? answer([])
            : String(url).startsWith("/api/admin/messages/m1")
              ? answer(message)
              : answer({}, 404),
    ) as jest.Mock
  })

  it("shows the login in French by default, with autocomplete hints", () => {
    renderAdmin("/admin/login")
    expect(screen.getByRole("heading", { name: admin("fr", "login.title") })).toBeInTheDocument()
    expect(screen.getByLabelText(admin("fr", "login.username"))).toHaveAttribute(
      "autocomplete",
      "username",
    )
    expect(screen.getByLabelText(admin("fr", "login.password"))).toHaveAttribute(
      "autocomplete",
      "current-password",
    )
  })

  it("follows the saved language and switches without changing page", () => {
    window.localStorage.setItem("language", "de")
    renderAdmin("/admin/login")
    expect(screen.getByRole("heading", { name: admin("de", "login.title") })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe("de")
    fireEvent.click(screen.getByRole("button", { name: "English" }))
    expect(screen.getByRole("heading", { name: admin("en", "login.title") })).toBeInTheDocument()
    expect(window.localStorage.getItem("language")).toBe("en")
    expect(document.documentElement.lang).toBe("en")
    expect(navigateMock).not.toHaveBeenCalled()
  })

  it("keeps the user name and says why after a wrong password", async () => {
    window.localStorage.setItem("language", "en")
    ;(global.fetch as jest.Mock).mockImplementation(() =>
      answer({ error: "invalid_credentials" }, 401),
    )
    renderAdmin("/admin/login")
    fireEvent.change(screen.getByLabelText(admin("en", "login.username")), {
      target: { value: "admin" },
    })
    fireEvent.change(screen.getByLabelText(admin("en", "login.password")), {
      target: { value: "wrong" },
    })
    fireEvent.click(screen.getByRole("button", { name: admin("en", "login.submit") }))
    expect(await screen.findByRole("alert")).toHaveTextContent(admin("en", "login.invalid"))
    expect(screen.getByLabelText(admin("en", "login.username"))).toHaveValue("admin")
    // The alert comes with the answer; the password is emptied by the effect that follows it.
    await waitFor(() =>
      expect(screen.getByLabelText(admin("en", "login.password"))).toHaveValue(""),
    )
  })

  it("shows the Audience figures, and asks again for another period or language", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const report = {
      from: "2026-11-01",
      to: "2026-11-30",
      language: null,
      totals: { visitors: 1234, views: 4321, viewsPerVisit: 3.5, avgVisibleMs: 42_000 },
      days: [{ date: "2026-11-30", visitors: 1234, views: 4321 }],
      pages: [{ path: "/produit/creaform", visitors: 800, views: 900, avgVisibleMs: 30_000 }],
      entries: [],
      referrers: [{ host: "news.example.org", visitors: 12 }],
      campaigns: [],
      devices: [{ width: "mobile", visitors: 700 }],
      funnel: [
        {
          source: "newsletter",
          campaign: "spring",
          landing: 10,
          contact: 4,
          sent: 2,
          confirmed: 0,
          booked: 3,
          estimateViewed: 7,
          quoteRequested: 1,
          rate: 0.2,
          leads: 2,
        },
      ],
      conversions: [],
      vitals: [
        {
          path: "/",
          name: "LCP",
          p75: 2600,
          rating: "needs-improvement",
          samples: 40,
          good: 20,
          needsImprovement: 15,
          poor: 5,
        },
      ],
    }
    const asked: string[] = []
    ;(global.fetch as jest.Mock).mockImplementation((url: string) => {
      if (String(url).startsWith("/api/admin/audience")) asked.push(String(url))
      return String(url).startsWith("/api/admin/audience")
        ? answer(report)
        : String(url) === "/api/admin/session"
          ? answer(owner)
          : answer(summary)
    })
    renderAdmin("/admin/audience")
    const totals = await screen.findByTestId("audience-totals")
    expect(totals).toHaveTextContent(admin("fr", "audience.visitors"))
    expect(totals).toHaveTextContent(/1\s?234/)
    expect(screen.getByTestId("audience-funnel")).toHaveTextContent("20 %")
    // The funnel's row: each step's count in its own cell, in the steps' order.
    const funnelRow = within(screen.getByTestId("audience-funnel"))
      .getByRole("rowheader", { name: "newsletter" })
      .closest("tr")!
    expect(
      within(funnelRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["spring", "10", "4", "2", "0", "3", "7", "1", expect.stringMatching(/^20\s%$/), "2"])
    expect(screen.getByTestId("audience-vitals")).toHaveTextContent(
      admin("fr", "audience.ratings.needs-improvement"),
    )
    expect(screen.getByTestId("audience-devices")).toHaveTextContent(
      admin("fr", "audience.widths.mobile"),
    )
    expect(asked).toEqual(["/api/admin/audience?days=30"])
    fireEvent.click(screen.getByLabelText(admin("fr", "audience.days_other", { count: "7" })))
    fireEvent.change(screen.getByRole("combobox", { name: admin("fr", "audience.language") }), {
      target: { value: "de" },
    })
    await waitFor(() => expect(asked.at(-1)).toBe("/api/admin/audience?days=7&language=de"))
  })

  it("sends a signed-out visitor of an admin page to login", async () => {
    renderAdmin("/admin/account")
    await waitFor(() =>
      expect(navigateMock).toHaveBeenCalledWith("/admin/login?next=%2Fadmin%2Faccount", {
        replace: true,
      }),
    )
  })

  it("shows a message's text as text: markup in it never becomes elements", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const { container } = renderAdmin("/admin/messages/m1")
    expect(await screen.findByTestId("message-text")).toHaveTextContent(
      "Hello <img src=x onerror=alert(1)><script>alert(2)</script>",
    )
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Eve <b>Hacker</b>")
    expect(container.querySelector("img, script, b")).toBeNull()
    // The reply is in the visitor's language (English here), with their message quoted.
    const reply = new URL(
      screen
        .getByRole("link", { name: copyPattern("fr", "admin:message.reply") })
        .getAttribute("href")!,
    )
    expect(reply.pathname).toBe("eve@example.com")
    expect(reply.searchParams.get("subject")).toBe(
      admin("en", "message.replySubject", { brand: copy("en", "brand.name") }),
    )
    expect(reply.searchParams.get("body")).toContain(
      "> Hello <img src=x onerror=alert(1)><script>alert(2)</script>",
    )
    expect(reply.searchParams.get("body")).toContain("Eve <b>Hacker</b>")
    expect(screen.getByTestId("message-source")).toHaveTextContent("newsletter")
    expect(screen.getByTestId("message-source")).toHaveTextContent("spring")
  })

  it("marks the subscribers who have not confirmed from the mail yet", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const subscribers = [
      {
        id: "s1",
        email: "lea@example.fr",
        language: "fr",
        createdAt: "2026-11-20T09:30:00.000Z",
        confirmedAt: "2026-11-20T09:35:00.000Z",
      },
      {
        id: "s2",
        email: "max@example.de",
        language: "de",
        createdAt: "2026-11-21T09:30:00.000Z",
        confirmedAt: null,
      },
    ]
    ;(global.fetch as jest.Mock).mockImplementation((url: string) =>
      String(url).startsWith("/api/admin/subscribers")
        ? answer({ items: subscribers, total: 2, page: 1, pageSize: 20 })
        : String(url) === "/api/admin/session"
          ? answer(owner)
          : answer(summary),
    )
    renderAdmin("/admin/data")
    const rows = await screen.findAllByTestId("subscriber-row")
    expect(
      rows.map((row) => row.querySelector("[data-testid=subscriber-pending]")?.textContent ?? null),
    ).toEqual([null, "En attente de confirmation"])
  })

  it("shows the releases to an owner, publishes, and rolls back after a confirmation", async () => {
    window.localStorage.setItem("language", "en")
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const release = (id: string, extra: object = {}) => ({
      id,
      kind: "live",
      status: "ready",
      trigger: "webhook",
      actor: "github",
      commit: "0123456789abcdef0123456789abcdef01234567",
      startedAt: "2026-11-20T09:30:00.000Z",
      finishedAt: "2026-11-20T09:32:00.000Z",
      seconds: 120,
      error: null,
      errorCode: null,
      nextDueAt: null,
      previewPath: null,
      ...extra,
    })
    const overview = {
      live: {
        id: "20261121T093000Z-local-aaaaaa",
        switchedAt: "2026-11-21T09:32:00.000Z",
        switchedBy: "github",
      },
      building: false,
      queued: null,
      releases: [
        release("20261122T093000Z-local-cccccc", {
          status: "failed",
          error: "npm run build failed (exit code 1)",
          errorCode: "build",
        }),
        release("20261121T093000Z-local-aaaaaa"),
        release("20261120T093000Z-local-bbbbbb"),
      ],
    }
    const fetchMock = global.fetch as jest.Mock
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      String(url) === "/api/admin/releases"
        ? answer(overview)
        : String(url) === "/api/admin/releases/publish"
          ? answer({ state: "started" }, 202)
          : String(url).endsWith("/rollback")
            ? answer({ live: "20261120T093000Z-local-bbbbbb" })
            : String(url) === "/api/admin/session"
              ? answer(owner)
              : init?.method
                ? answer({}, 404)
                : answer(summary),
    )
    renderAdmin("/admin/publishing")
    const rows = await screen.findAllByTestId("release")
    expect(rows).toHaveLength(3)
    expect(screen.getByTestId("live-release")).toHaveTextContent("20261121T093000Z-local-aaaaaa")
    expect(rows[0]).toHaveTextContent(admin("en", "releases.errors.build"))
    // The live one and the failed one cannot be rolled back to: one button, for the older release.
    const rollBackName = new RegExp(`^${admin("en", "releases.rollBackLabel", { date: "(.+)" })}$`)
    const rollBacks = screen.getAllByRole("button", { name: rollBackName })
    expect(rollBacks).toHaveLength(1)

    fireEvent.click(screen.getByRole("button", { name: admin("en", "releases.publish") }))
    expect(await screen.findByRole("status")).toHaveTextContent(admin("en", "releases.started"))
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/releases/publish",
      expect.objectContaining({ method: "POST" }),
    )

    fireEvent.click(rollBacks[0])
    // jsdom has no showModal: the dialog is found by its title, its buttons as hidden.
    const confirm = (await screen.findByText(admin("en", "releases.confirmTitle"))).closest(
      "dialog",
    )!
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringMatching(/rollback$/),
      expect.anything(),
    )
    fireEvent.click(
      within(confirm).getByRole("button", { name: admin("en", "releases.rollBack"), hidden: true }),
    )
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/releases/20261120T093000Z-local-bbbbbb/rollback",
        expect.objectContaining({ method: "POST" }),
      ),
    )
  })

  it("says who asked for the publish that waits for the running build, and when", async () => {
    window.localStorage.setItem("language", "en")
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    const overview = {
      live: null,
      building: true,
      queued: { trigger: "admin", actor: "ada", askedAt: "2026-11-22T09:31:00.000Z" },
      releases: [],
    }
    ;(global.fetch as jest.Mock).mockImplementation((url: string) =>
      String(url) === "/api/admin/releases"
        ? answer(overview)
        : String(url) === "/api/admin/session"
          ? answer(owner)
          : answer(summary),
    )
    renderAdmin("/admin/publishing")
    const queued = await screen.findByTestId("queued-release")
    const DATE = "\u0000"
    const text = admin("en", "releases.queuedBy", {
      actor: "ada",
      trigger: admin("en", "releases.trigger.admin"),
      date: DATE,
    })
    const [before, after] = text
      .split(DATE)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    expect(queued.textContent).toMatch(new RegExp(`^${before}.+${after}$`))
  })

  it("shows an admin not-found view for an unknown admin path", async () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ expiresAt: Date.now() + 60_000 }),
    )
    renderAdmin("/admin/nothing-here")
    expect(
      await screen.findByRole("heading", { name: admin("fr", "notFound.title") }),
    ).toBeInTheDocument()
    expect(await screen.findByTestId("unread-count")).toHaveTextContent("3")
  })
})
