import { configure, screen, waitFor } from "@testing-library/react"
import en from "../../content/locales/en/admin.json"
import { answer, renderAdmin, serveAdmin } from "./admin-test-harness"

jest.setTimeout(20_000)
configure({ asyncUtilTimeout: 5_000 })

const navigateMock = (window as unknown as { ___navigate: jest.Mock }).___navigate
const ownersScreens = [en.shell.data, en.shell.deliveries, en.shell.team]
const everyonesScreens = [en.shell.publishing, en.shell.account]
const nav = () => screen.findByRole("navigation", { name: en.shell.nav })

describe("the screens that replaced Management", () => {
  beforeEach(() => navigateMock.mockClear())

  it("offers an owner every screen, each its own path", async () => {
    serveAdmin("owner")
    renderAdmin("/admin/deliveries")
    await nav()
    for (const [name, path] of [
      [en.shell.account, "/admin/account"],
      [en.shell.publishing, "/admin/publishing"],
      [en.shell.data, "/admin/data"],
      [en.shell.deliveries, "/admin/deliveries"],
    ])
      expect(await screen.findByRole("link", { name })).toHaveAttribute("href", path)
    expect(screen.getByRole("link", { name: en.shell.deliveries })).toHaveAttribute(
      "aria-current",
      "page",
    )
    expect(
      await screen.findByRole("heading", { level: 2, name: en.deliveries.title }),
    ).toBeInTheDocument()
  })

  it("offers a member their account and the releases, not the owners' screens", async () => {
    serveAdmin("member")
    renderAdmin("/admin/account")
    expect(
      await screen.findByRole("heading", { name: en.management.password.title }),
    ).toBeInTheDocument()
    // The two-step panel draws once its own state has loaded.
    expect(await screen.findByRole("heading", { name: en.totp.title })).toBeInTheDocument()
    for (const name of everyonesScreens) expect(await screen.findByRole("link", { name }))
    for (const name of ownersScreens) expect(screen.queryByRole("link", { name })).toBeNull()
  })

  it.each(["/admin/data", "/admin/deliveries"])(
    "tells a member who follows a link to %s that it is for owners, asking nothing of the server",
    async (path) => {
      const fetchMock = serveAdmin("member")
      renderAdmin(path)
      expect(await screen.findByRole("alert")).toHaveTextContent(en.team.ownersOnly)
      const asked = fetchMock.mock.calls.map(([url]) => String(url))
      expect(asked.filter((url) => !/\/api\/admin\/(session|summary)/.test(url))).toEqual([])
    },
  )

  it("shows an owner the subscribers and the data rights together on Data", async () => {
    serveAdmin("owner", (path) =>
      path.startsWith("/api/admin/subscribers") || path.startsWith("/api/admin/data-rights")
        ? answer({ items: [], total: 0, page: 1, pageSize: 20 })
        : undefined,
    )
    renderAdmin("/admin/data")
    expect(await screen.findByRole("heading", { name: en.management.subscribers })).toBeTruthy()
    expect(screen.getByRole("heading", { name: en.dataRights.title })).toBeInTheDocument()
    expect(screen.queryByRole("heading", { name: en.releases.title })).toBeNull()
  })

  it("sends an old Management bookmark on to My account, in place of it in the history", async () => {
    serveAdmin("member")
    renderAdmin("/admin/management")
    await waitFor(() =>
      expect(navigateMock).toHaveBeenCalledWith("/admin/account", { replace: true }),
    )
  })
})

describe("a lead's kind", () => {
  const lead = (id: string, kind: string) => ({
    id,
    createdAt: "2026-11-20T09:30:00.000Z",
    kind,
    status: "unread",
    name: `Lead ${id}`,
    email: `${id}@example.com`,
    company: null,
    phone: null,
    message: "Hello",
    language: "en",
    page: "/en/contact",
    spamReason: null,
    assignee: null,
    source: null,
  })

  it("is named in the inbox for a meeting or a quote, not for a plain message", async () => {
    const leads = [lead("a", "message"), lead("b", "meeting"), lead("c", "quote")]
    serveAdmin("member", (path) =>
      path.startsWith("/api/admin/messages?") || path === "/api/admin/messages"
        ? answer({ items: leads, total: 3, page: 1, pageSize: 20 })
        : path === "/api/admin/assignees"
          ? answer([])
          : undefined,
    )
    renderAdmin("/admin/messages")
    const rows = await screen.findAllByTestId("inbox-row")
    expect(
      rows.map((row) => row.querySelector("[data-testid=lead-kind]")?.textContent ?? null),
    ).toEqual([null, en.kinds.meeting, en.kinds.quote])
  })
})
