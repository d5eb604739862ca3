import type { Page } from "@playwright/test"

// The Meetings screen against fixed answers of the meetings API (its routes and their rules
// are tested on the server's side): what is checked here is the screen in a real browser.
const hour = 60 * 60 * 1000
const at = (offset: number) => new Date(Date.now() + offset).toISOString()
const meeting = (id: string, startsIn: number, extra: object = {}) => ({
  id,
  messageId: `m-${id}`,
  type: "demo",
  status: "booked",
  start: at(startsIn),
  end: at(startsIn + hour / 2),
  zone: "Europe/Paris",
  language: "fr",
  name: `Camille ${id}`,
  email: `${id}@example.fr`,
  company: "Acme Études",
  member: { id: "u1", username: "admin" },
  sequence: 0,
  ...extra,
})
const settings = {
  members: [
    {
      memberId: "u1",
      username: "admin",
      email: "admin@example.com",
      zone: "Europe/Paris",
      bookable: true,
      weekly: {
        "1": [
          { start: "09:00", end: "12:00" },
          { start: "14:00", end: "18:00" },
        ],
        "2": [{ start: "09:00", end: "18:00" }],
      },
      timeOff: [{ start: "2026-12-24T12:00", end: "2026-12-31T18:00" }],
    },
  ],
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
    {
      key: "consultation",
      durationMinutes: 45,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 240,
      horizonDays: 30,
      dailyCap: 4,
    },
  ],
}

export async function withMeetings(page: Page) {
  await page.route(/\/api\/admin\/meetings(\?|$)/, (route) =>
    route.fulfill({
      json: [
        meeting("started", -hour / 4),
        meeting("tomorrow", 26 * hour, { type: "consultation", status: "rescheduled" }),
        meeting("later", 50 * hour, { company: null }),
      ],
    }),
  )
  await page.route("**/api/admin/meetings/settings", (route) => route.fulfill({ json: settings }))
  await page.route("**/api/admin/meetings/feed", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 201, json: { url: "https://example.com/api/booking/feed/s3cr3t" } })
      : route.fulfill({ status: 204 }),
  )
}
