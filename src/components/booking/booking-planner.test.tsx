import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import React from "react"
import fr from "../../../content/locales/fr/booking.json"
import { displayDays } from "../../../content-kit/booking-display"
import type { BookingPageContent } from "../../../content-kit/schema/page"
import { trackConversion } from "../../audience/track"
import { renderWithSite } from "../../test/render"
import { BookingPlanner } from "./booking-planner"
import { carryContact } from "./contact-carry"
import { SlotList } from "./slot-list"
import { slotsAnswer } from "./slots-answer"

jest.mock("../../audience/track", () => ({ trackConversion: jest.fn() }))
beforeEach(() => jest.mocked(trackConversion).mockClear())

const copy = fr as BookingPageContent
const navigateMock = (window as unknown as { ___navigate: jest.Mock }).___navigate

// Monday 29 March 2027: 08:00Z and 08:30Z, and Tuesday 22:30Z (Wednesday in Dubai).
const SLOTS = ["2027-03-29T08:00:00.000Z", "2027-03-29T08:30:00.000Z", "2027-03-30T22:30:00.000Z"]

function mockApi(booking: { ok: boolean; status: number; json?: () => Promise<unknown> }) {
  const calls: { url: string; body?: Record<string, unknown> }[] = []
  let slots = SLOTS
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (String(url).includes("/slots")) return slotsAnswer(slots)
    // Once taken, the slot is gone from the next list.
    if (booking.status === 409) slots = SLOTS.slice(1)
    return booking
  }) as unknown as typeof fetch
  return calls
}

const zoneSelect = () => screen.getByLabelText(copy.zone.label)

async function showIn(zone: string) {
  renderWithSite(<BookingPlanner copy={copy} />)
  await act(async () => {})
  fireEvent.change(zoneSelect(), { target: { value: zone } })
  return screen.findByTestId("slot-list")
}

function fill() {
  fireEvent.change(screen.getByLabelText(copy.form.name), { target: { value: "Ada" } })
  fireEvent.change(screen.getByLabelText(copy.form.email), { target: { value: "ada@example.com" } })
  fireEvent.change(screen.getByLabelText(copy.form.company), { target: { value: "Engines" } })
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: copy.form.submit }))

describe("SlotList", () => {
  it("groups the times by the visitor's day, one radio group per day", () => {
    const days = displayDays(
      SLOTS.map((start) => ({ start: Date.parse(start) })),
      "Asia/Dubai",
      "fr",
    )
    renderWithSite(<SlotList days={days} selected="" onSelect={jest.fn()} />)
    const groups = screen.getAllByRole("group")
    expect(groups.map((group) => within(group).getAllByRole("radio").length)).toEqual([2, 1])
    expect(within(groups[0]).getByRole("radio", { name: "12:00" })).toHaveAttribute(
      "value",
      SLOTS[0],
    )
    expect(within(groups[1]).getByRole("radio", { name: "02:30" })).toBeInTheDocument()
    expect(groups[1]).toHaveAccessibleName("mercredi 31 mars")
  })
})

describe("BookingPlanner", () => {
  beforeEach(() => {
    window.sessionStorage.clear()
    navigateMock.mockClear()
  })

  it("lists the slots in the chosen zone and names the team's zone", async () => {
    mockApi({ ok: true, status: 201 })
    await showIn("America/New_York")
    expect(screen.getAllByRole("group", { name: /mars/ }).map((g) => g.textContent)).toEqual([
      expect.stringContaining("lundi 29 mars"),
      expect.stringContaining("mardi 30 mars"),
    ])
    expect(screen.getByRole("radio", { name: "04:00" })).toBeInTheDocument()
    expect(screen.getAllByText(/Europe\/Paris \(UTC\+[12]\)/).length).toBeGreaterThan(0)
  })

  it("books the chosen slot with the form's fields and goes to the manage page", async () => {
    const calls = mockApi({
      ok: true,
      status: 201,
      json: async () => ({ id: "m1", token: "tok_1", type: "demo" }),
    })
    await showIn("Asia/Dubai")
    expect(screen.getByRole("button", { name: copy.form.submit })).toBeDisabled()
    fireEvent.click(screen.getByRole("radio", { name: "12:30" }))
    fill()
    submit()
    await waitFor(() => expect(navigateMock).toHaveBeenCalled())
    expect(calls.at(-1)?.body).toMatchObject({
      type: "demo",
      start: SLOTS[1],
      zone: "Asia/Dubai",
      name: "Ada",
      Email: "ada@example.com",
      Company: "Engines",
      Language: "fr",
      Website: "",
    })
    expect(navigateMock.mock.calls[0][0]).toBe("/contact/booking/manage?token=tok_1&done=booked")
    // The audience funnel's "meeting booked" step (docs/AUDIENCE.md), once the server booked it.
    expect(trackConversion).toHaveBeenCalledWith("meeting_booked")
  })

  it("on 409 slot_taken says so, loads fresh slots and keeps what was typed", async () => {
    const calls = mockApi({ ok: false, status: 409 })
    await showIn("Asia/Dubai")
    fireEvent.click(screen.getByRole("radio", { name: "12:00" }))
    fill()
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.errors.slotTaken)
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes("/slots")).length).toBeGreaterThan(1),
    )
    await waitFor(() => expect(screen.queryByRole("radio", { name: "12:00" })).toBeNull())
    expect(screen.getByLabelText(copy.form.name)).toHaveValue("Ada")
    expect(screen.getByLabelText(copy.form.company)).toHaveValue("Engines")
    expect(screen.getByRole("button", { name: copy.form.submit })).toBeDisabled()
    expect(navigateMock).not.toHaveBeenCalled()
    expect(trackConversion).not.toHaveBeenCalled()
  })

  it("says a failure apart from a taken slot", async () => {
    mockApi({ ok: false, status: 503 })
    await showIn("Asia/Dubai")
    fireEvent.click(screen.getByRole("radio", { name: "12:00" }))
    fill()
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.errors.failed)
    expect(screen.getByRole("radio", { name: "12:00" })).toBeChecked()
  })

  it("starts with the name and address typed into the contact form", async () => {
    mockApi({ ok: true, status: 201 })
    carryContact("Grace", "grace@example.com")
    await showIn("Asia/Dubai")
    expect(screen.getByLabelText(copy.form.name)).toHaveValue("Grace")
    expect(screen.getByLabelText(copy.form.email)).toHaveValue("grace@example.com")
  })
})
