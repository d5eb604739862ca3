import { ADMIN_PASSWORD } from "./stores"

// The requests of the booking tests against real server processes (server/system-tests/
// booking-instances and durability) and of `npm run bench -- booking`.

/** A valid booking of a demo at `start` (ms), from a person typing at human speed. */
export const bookingBody = (email: string, start: number | string, name = "Léa Martin") => ({
  type: "demo",
  start: new Date(start).toISOString(),
  zone: "Europe/Paris",
  name,
  Email: email,
  Company: "Acme",
  Language: "en",
  ElapsedMs: 20_000,
})

/** Every bookable start of a demo (ms), as GET /api/booking/slots lists them. */
export async function demoStarts(base: string): Promise<number[]> {
  const answer = await fetch(`${base}/api/booking/slots?type=demo`)
  if (answer.status !== 200) throw new Error(`slots: ${answer.status} ${await answer.text()}`)
  const { slots } = (await answer.json()) as { slots: { start: string }[] }
  return slots.map((slot) => Date.parse(slot.start))
}

/** Starts at least `gapMs` apart, at most `perDay` on one UTC day: bookings that never meet. */
export function apart(starts: number[], gapMs: number, perDay = Infinity): number[] {
  const chosen: number[] = []
  const onDay = new Map<number, number>()
  for (const start of starts) {
    const day = Math.floor(start / 86_400_000)
    if ((onDay.get(day) ?? 0) >= perDay) continue
    if (chosen.length > 0 && start - chosen[chosen.length - 1] < gapMs) continue
    chosen.push(start)
    onDay.set(day, (onDay.get(day) ?? 0) + 1)
  }
  return chosen
}

/** The session cookie of the test admin (ADMIN_PASSWORD), signed in at `base`. */
export async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`)
  return login.headers.get("set-cookie")!.split(";")[0]
}

/**
 * Makes the admin, the only member, bookable round the clock with `email`, and its demos
 * uncapped (48 a day): a month of hourly slots for the tests and the bench that book hundreds.
 */
export async function openRoundTheClock(base: string, email: string | null = null) {
  const cookie = await adminCookie(base)
  const put = async (path: string, body: object) => {
    const answer = await fetch(`${base}${path}`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    })
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`)
    return answer.json()
  }
  const settings = await fetch(`${base}/api/admin/meetings/settings`, { headers: { cookie } })
  const { members, types } = (await settings.json()) as {
    members: { memberId: string }[]
    types: ({ key: string } & Record<string, number>)[]
  }
  const day = [{ start: "00:00", end: "24:00" }]
  const weekly = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, day]))
  await put(`/api/admin/meetings/availability/${members[0].memberId}`, {
    ...{ email, zone: "Europe/Paris", bookable: true, weekly, timeOff: [] },
  })
  const demo = types.find((type) => type.key === "demo")!
  const fields = ["durationMinutes", "bufferAfterMinutes", "minNoticeMinutes", "horizonDays"]
  await put("/api/admin/meetings/types/demo", {
    ...Object.fromEntries(fields.map((field) => [field, demo[field]])),
    dailyCap: 48,
  })
  return members[0].memberId
}
