import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import React from "react"
import manage from "../../../content/locales/fr/booking-manage.json"
import booking from "../../../content/locales/fr/booking.json"
import type { BookingManageContent, BookingPageContent } from "../../../content-kit/schema/page"
import { renderWithSite } from "../../test/render"
import { ManageView } from "./manage-view"
import { slotsAnswer } from "./slots-answer"

const copy = {
  booking: booking as BookingPageContent,
  manage: manage as BookingManageContent,
}
const SLOTS = ["2027-03-29T08:00:00.000Z", "2027-03-29T09:00:00.000Z"]
const meeting = {
  id: "m1",
  type: "demo",
  status: "booked",
  start: "2027-03-29T10:00:00.000Z",
  end: "2027-03-29T10:30:00.000Z",
  zone: "Europe/Paris",
  language: "fr",
  name: "Ada",
  sequence: 0,
}

describe("ManageView: a reschedule to a time taken meanwhile", () => {
  it("says the time was taken and loads the free times again", async () => {
    window.history.replaceState(
      null,
      "",
      "/contact/booking/manage?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
    )
    const slotReads: number[] = []
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes("/slots")) {
        slotReads.push(Date.now())
        return slotsAnswer(SLOTS)
      }
      if (init?.method === "POST") return { ok: false, status: 409, json: async () => ({}) }
      return { ok: true, status: 200, json: async () => meeting }
    }) as unknown as typeof fetch

    renderWithSite(<ManageView copy={copy} />)
    await act(async () => {})
    fireEvent.click(await screen.findByRole("button", { name: copy.manage.reschedule.open }))
    fireEvent.click((await screen.findAllByRole("radio"))[0])
    fireEvent.click(screen.getByRole("button", { name: copy.manage.reschedule.submit }))

    expect(await screen.findByText(copy.booking.errors.slotTaken)).toBeInTheDocument()
    expect(screen.queryByText(copy.manage.problems.failed)).toBeNull()
    await waitFor(() => expect(slotReads).toHaveLength(2))
  })
})
