import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react"
import en from "../../../content/locales/en/admin.json"
import { answer, callsTo, renderAdmin, serveAdmin } from "../admin-test-harness"

jest.setTimeout(20_000)
configure({ asyncUtilTimeout: 5_000 })

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, key: string) => values[key])

const hour = 60 * 60 * 1000
const meeting = (id: string, startsIn: number, extra: object = {}) => ({
  id,
  messageId: `m-${id}`,
  type: "demo",
  status: "booked",
  start: new Date(Date.now() + startsIn).toISOString(),
  end: new Date(Date.now() + startsIn + hour / 2).toISOString(),
  zone: "Europe/Paris",
  language: "fr",
  name: `Visitor ${id}`,
  email: `${id}@example.fr`,
  company: "Acme",
  member: { id: "u2", username: "lea" },
  sequence: 0,
  ...extra,
})
const availability = (memberId: string, username: string) => ({
  memberId,
  username,
  email: `${username}@example.com`,
  zone: "Europe/Paris",
  bookable: true,
  weekly: { "1": [{ start: "09:00", end: "18:00" }] },
  timeOff: [],
})
const settings = {
  members: [availability("u1", "admin"), availability("u2", "lea")],
  closures: ["2026-12-25"],
  types: [
    {
      key: "demo",
      durationMinutes: 30,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 240,
      horizonDays: 30,
      dailyCap: 6,
    },
  ],
}
const meetings = [
  meeting("started", -hour / 4),
  meeting("later", 26 * hour, { type: "consultation", status: "rescheduled" }),
  meeting("old-done", -3 * 24 * hour, { status: "done" }),
]

function serveMeetings(role: "owner" | "member") {
  return serveAdmin(role, (path, init) => {
    if (path.startsWith("/api/admin/meetings?")) return answer(meetings)
    if (path === "/api/admin/meetings/settings") return answer(settings)
    if (path === "/api/admin/meetings/started/outcome")
      return answer({ ...meetings[0], status: JSON.parse(String(init!.body)).status })
    if (path.startsWith("/api/admin/meetings/availability/")) {
      const id = path.split("/").at(-1)
      const body = JSON.parse(String(init!.body))
      return answer({
        ...settings,
        members: settings.members.map((m) => (m.memberId === id ? { ...m, ...body } : m)),
      })
    }
    if (path === "/api/admin/meetings/closures")
      return answer({ ...settings, closures: JSON.parse(String(init!.body)).dates })
    if (path === "/api/admin/meetings/feed" && init?.method === "POST")
      return answer({ url: "https://example.com/api/booking/feed/secret-token" }, 201)
    if (path === "/api/admin/meetings/feed" && init?.method === "DELETE")
      return Promise.resolve({ ok: true, status: 204, json: jest.fn() } as unknown as Response)
    return undefined
  })
}

describe("the Meetings screen", () => {
  it("lists meetings by day, and marks a started one done; later ones cannot be marked yet", async () => {
    const fetchMock = serveMeetings("member")
    renderAdmin("/admin/meetings")
    const rows = await screen.findAllByTestId("meeting")
    // The done meeting of three days ago is neither upcoming nor waiting for its outcome.
    expect(rows.map((row) => within(row).getByTestId("meeting-visitor").textContent)).toEqual([
      "Visitor started",
      "Visitor later",
    ])
    expect(rows[1]).toHaveTextContent(en.meetings.types.consultation)
    expect(rows[1]).toHaveTextContent(en.meetings.statuses.rescheduled)
    expect(rows[1]).toHaveTextContent("Acme")
    expect(rows[1]).toHaveTextContent("lea")
    expect(within(rows[1]).queryByRole("button")).toBeNull()
    expect(screen.getAllByRole("heading", { level: 3 }).length).toBeGreaterThanOrEqual(2)

    fireEvent.click(
      within(rows[0]).getByRole("button", {
        name: fill(en.meetings.markDoneLabel, { name: "Visitor started" }),
      }),
    )
    await waitFor(() =>
      expect(within(rows[0]).getByTestId("meeting-status")).toHaveTextContent(
        en.meetings.statuses.done,
      ),
    )
    expect(
      JSON.parse(
        String(callsTo(fetchMock, "POST", "/api/admin/meetings/started/outcome")[0][1].body),
      ),
    ).toEqual({ status: "done" })
    expect(within(rows[0]).queryByRole("button")).toBeNull()
  })

  it("lets a member edit only their own hours, without the owners' closures and types", async () => {
    const fetchMock = serveMeetings("member")
    renderAdmin("/admin/meetings")
    const form = await screen.findByTestId("availability-form")
    expect(screen.queryByLabelText(en.meetings.availability.member)).toBeNull()
    expect(screen.queryByRole("heading", { name: en.meetings.closures.title })).toBeNull()
    expect(screen.queryByRole("heading", { name: en.meetings.settings.title })).toBeNull()

    fireEvent.click(within(form).getByRole("button", { name: /Tuesday/ }))
    fireEvent.click(within(form).getByLabelText(en.meetings.availability.bookable))
    fireEvent.click(within(form).getByRole("button", { name: en.meetings.availability.addTimeOff }))
    fireEvent.change(within(form).getByLabelText(en.meetings.availability.timeOffStart), {
      target: { value: "2026-12-24T12:00" },
    })
    // An end missing: refused here, nothing sent.
    fireEvent.click(within(form).getByRole("button", { name: en.meetings.availability.save }))
    expect(within(form).getByRole("alert")).toHaveTextContent(en.meetings.availability.invalid)
    expect(callsTo(fetchMock, "PUT", "/api/admin/meetings/availability/u2")).toHaveLength(0)

    fireEvent.change(within(form).getByLabelText(en.meetings.availability.timeOffEnd), {
      target: { value: "2026-12-31T18:00" },
    })
    fireEvent.click(within(form).getByRole("button", { name: en.meetings.availability.save }))
    expect(
      await screen.findByText(fill(en.meetings.availability.saved, { username: "lea" })),
    ).toBeInTheDocument()
    expect(
      JSON.parse(
        String(callsTo(fetchMock, "PUT", "/api/admin/meetings/availability/u2")[0][1].body),
      ),
    ).toEqual({
      email: "lea@example.com",
      zone: "Europe/Paris",
      bookable: false,
      weekly: {
        "1": [{ start: "09:00", end: "18:00" }],
        "2": [{ start: "09:00", end: "18:00" }],
      },
      timeOff: [{ start: "2026-12-24T12:00", end: "2026-12-31T18:00" }],
    })
  })

  it("shows a new calendar URL once, and revokes it", async () => {
    const fetchMock = serveMeetings("member")
    renderAdmin("/admin/meetings")
    fireEvent.click(await screen.findByRole("button", { name: en.meetings.feed.renew }))
    expect(await screen.findByTestId("feed-url")).toHaveValue(
      "https://example.com/api/booking/feed/secret-token",
    )
    fireEvent.click(screen.getByRole("button", { name: en.meetings.feed.revoke }))
    expect(await screen.findByText(en.meetings.feed.revoked)).toBeInTheDocument()
    expect(screen.queryByTestId("feed-url")).toBeNull()
    expect(callsTo(fetchMock, "DELETE", "/api/admin/meetings/feed")).toHaveLength(1)
  })

  it("lets an owner choose any member's hours, and edit the closures and the meeting types", async () => {
    const fetchMock = serveMeetings("owner")
    renderAdmin("/admin/meetings")
    const member = await screen.findByLabelText(en.meetings.availability.member)
    expect(member).toHaveValue("u1")
    fireEvent.change(member, { target: { value: "u2" } })
    fireEvent.click(screen.getByRole("button", { name: en.meetings.availability.save }))
    await screen.findByText(fill(en.meetings.availability.saved, { username: "lea" }))
    expect(callsTo(fetchMock, "PUT", "/api/admin/meetings/availability/u2")).toHaveLength(1)

    const closures = screen.getByRole("region", { name: en.meetings.closures.title })
    fireEvent.change(within(closures).getByLabelText(en.meetings.closures.date), {
      target: { value: "2026-12-24" },
    })
    fireEvent.click(within(closures).getByRole("button", { name: en.meetings.closures.add }))
    await waitFor(() => expect(within(closures).getAllByTestId("closure")).toHaveLength(2))
    expect(
      JSON.parse(String(callsTo(fetchMock, "PUT", "/api/admin/meetings/closures")[0][1].body)),
    ).toEqual({ dates: ["2026-12-24", "2026-12-25"] })

    const types = screen.getByRole("region", { name: en.meetings.settings.title })
    fireEvent.change(within(types).getByLabelText(en.meetings.settings.duration), {
      target: { value: "20" },
    })
    fireEvent.click(
      within(types).getByRole("button", {
        name: fill(en.meetings.settings.saveLabel, { type: en.meetings.types.demo }),
      }),
    )
    expect(within(types).getByRole("alert")).toHaveTextContent(en.meetings.settings.invalid)
    expect(callsTo(fetchMock, "PUT", "/api/admin/meetings/types/demo")).toHaveLength(0)
  })
})
