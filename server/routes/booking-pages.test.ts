import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { LANGUAGES, localizePath, type Language } from "../../contract/languages"
import { escapeMarkup } from "../../contract/markup"
import { displayDays } from "../booking/display"
import { writeBookingSite } from "../test/booking-site"
import { describeEachStore, type TestApp, testApp } from "../test/stores"

// The booking pages without JavaScript: the built page, with the times and the forms written
// into its server view, and the forms' posts answered with 303s or a page with the reason.

const HOUR = 3_600_000
// A Monday, 08:00Z: 9:00 in Paris; notice is 4 h.
let clock = Date.parse("2030-03-04T08:00:00Z")
const slot = Date.parse("2030-03-05T09:00:00Z")
const iso = (ms: number) => new Date(ms).toISOString()

const copyOf = (language: Language, ns: "booking" | "booking-manage") =>
  JSON.parse(fs.readFileSync(path.join("content/locales", language, `${ns}.json`), "utf8"))
/** A text of the copy as the page writes it. */
const shown = (text: string) => escapeMarkup(text)

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const SAME_SITE = { origin: "http://localhost:80" }
const visitor = (language: Language, start: number, extra: Record<string, string> = {}) => ({
  type: "demo",
  zone: "Asia/Dubai",
  Language: language,
  Page: localizePath("/contact/booking", language),
  start: iso(start),
  name: "Léa Martin",
  Email: `lea.${start}@example.com`,
  Company: "Acme",
  Message: "Bonjour",
  Website: "",
  ...extra,
})
const starts = (html: string) =>
  [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1])
const serverView = (html: string) =>
  /<div data-booking-server="">([\s\S]*)<\/div><\/main>/.exec(html)?.[1] ?? ""

describeEachStore("booking pages without JavaScript", (kind) => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = writeBookingSite()
    t = await testApp(
      kind,
      { PUBLIC_DIR: publicDir, CONTACT_RATE_LIMIT: "0" },
      { now: () => clock },
    )
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })
  const post = (url: string, fields: Record<string, string>, headers = SAME_SITE) =>
    t.app.inject({
      method: "POST",
      url,
      payload: form(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    })
  const apiStarts = async (type = "demo") =>
    (await get(`/api/booking/slots?type=${type}`))
      .json()
      .slots.map((s: { start: string }) => s.start)
  const tokenOf = (location: string) => new URL(location, "http://x").searchParams.get("token")!

  it.each(LANGUAGES)(
    "serves the %s booking page as built, as the static site does",
    async (language) => {
      const url = localizePath("/contact/booking", language)
      const built = fs.readFileSync(path.join(publicDir, url, "index.html"), "utf8")
      const plain = await get(url)
      expect(plain.statusCode).toBe(200)
      expect(plain.body).toBe(built)
      expect(plain.headers).toMatchObject({
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
      })
      expect(plain.headers["content-security-policy"]).toContain("script-src")
      const again = await get(url, { "if-none-match": String(plain.headers.etag) })
      expect(again.statusCode).toBe(304)
      const br = await get(url, { "accept-encoding": "br" })
      expect(br.headers["content-encoding"]).toBe("br")
      // A link that preselects a type only is the page as built too.
      expect((await get(`${url}?type=consultation`)).body).toBe(built)
    },
  )

  it.each(LANGUAGES)(
    "writes the %s times in the chosen zone, the instants of /api/booking/slots, and the form",
    async (language) => {
      const url = `${localizePath("/contact/booking", language)}?type=consultation&zone=Asia/Dubai&utm_source=news`
      const page = await get(url, { "accept-encoding": "gzip" })
      expect(page.statusCode).toBe(200)
      expect(page.headers["cache-control"]).toBe("private, no-store")
      expect(page.headers["content-encoding"]).toBe("gzip")
      expect(page.headers.etag).toBeUndefined()
      const html = zlib.gunzipSync(page.rawPayload).toString("utf8")
      const api = await apiStarts("consultation")
      expect(api.length).toBeGreaterThan(10)
      expect(starts(html)).toEqual(api)
      const days = displayDays(
        api.map((s: string) => ({ start: Date.parse(s) })),
        "Asia/Dubai",
        language,
      )
      expect(html).toContain(
        `<legend class="mb-2 font-semibold first-letter:uppercase">${shown(days[0].label)}</legend>`,
      )
      expect(html).toContain(`>${days[0].times[0].time}</label>`)
      const view = serverView(html)
      const copy = copyOf(language, "booking")
      expect(view).toContain('<form method="post" action="/api/booking" data-form="booking"')
      for (const hidden of [
        ["type", "consultation"],
        ["zone", "Asia/Dubai"],
        ["Language", language],
        ["Page", localizePath("/contact/booking", language)],
        ["Landing", localizePath("/contact/booking", language)],
        ["UtmSource", "news"],
      ])
        expect(view).toContain(`<input type="hidden" name="${hidden[0]}" value="${hidden[1]}"/>`)
      for (const name of ["name", "Email", "Company", "Phone", "Message", "Website"])
        expect(view).toContain(`name="${name}"`)
      expect(view).toContain(shown(copy.form.submit))
      // The GET form shows the choice it was sent with.
      expect(html).toContain('type="radio" name="type" class="mt-1" value="demo"/>')
      expect(html).toContain('<input checked="" id="booking-type-consultation"')
      expect(html).toContain('<option value="Asia/Dubai" selected="">')
      expect(html).not.toContain('<option value="Europe/Paris" selected="">')
    },
  )

  it("adds a zone the built list lacks, and answers 400 with its reason for a zone that is none", async () => {
    const tokyo = await get("/en/contact/booking?type=demo&zone=Asia/Tokyo")
    expect(tokyo.body).toContain('<option value="Asia/Tokyo" selected="">Asia/Tokyo</option>')
    const mars = await get("/en/contact/booking?type=demo&zone=Mars/Olympus")
    expect(mars.statusCode).toBe(400)
    expect(mars.body).toContain(shown(copyOf("en", "booking").errors.invalid))
    expect(mars.body).not.toContain("Mars/Olympus")
    expect((await get("/xx/contact/booking")).statusCode).toBe(400)
  })

  it.each(LANGUAGES)(
    "books from the %s form post: 303 to the manage page, stored, shown there",
    async (language) => {
      const start = slot + (LANGUAGES.indexOf(language) + 1) * HOUR
      const answer = await post("/api/booking", visitor(language, start))
      expect(answer.statusCode).toBe(303)
      const manage = localizePath("/contact/booking/manage", language)
      expect(answer.headers.location).toMatch(
        new RegExp(`^${manage}\\?token=[A-Za-z0-9_-]+&done=booked$`),
      )
      expect(await apiStarts()).not.toContain(iso(start))
      const page = await get(answer.headers.location as string)
      expect(page.statusCode).toBe(200)
      expect(page.headers["cache-control"]).toBe("private, no-store")
      const copy = copyOf(language, "booking-manage")
      const view = serverView(page.body)
      expect(view).toContain('data-status="booked"')
      expect(view).toContain(shown(copy.notices.booked))
      expect(view).toContain(shown(copy.status.booked))
      const [day] = displayDays([{ start }], "Asia/Dubai", language)
      expect(view).toContain(shown(day.label))
      expect(view).toContain(`${day.times[0].time}, Asia/Dubai (UTC+4)`)
      expect(view).toContain("Europe/Paris (UTC+1)")
      expect(view).toContain(
        `/api/booking/invitation.ics?token=${tokenOf(answer.headers.location as string)}`,
      )
      expect(view).toContain('action="/api/booking/reschedule"')
      expect(view).toContain('action="/api/booking/cancel"')
    },
  )

  it("answers a taken slot with 409 and the page: its reason, fresh times, what was typed, escaped", async () => {
    const start = slot + 5 * HOUR
    expect((await post("/api/booking", visitor("de", start))).statusCode).toBe(303)
    const hostile = "<script>alert(1)</script>"
    const late = await post(
      "/api/booking",
      visitor("de", start, {
        name: hostile,
        Email: "late@example.com",
        Message: `</textarea>${hostile}`,
      }),
    )
    expect(late.statusCode).toBe(409)
    expect(late.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(late.body).toContain(shown(copyOf("de", "booking").errors.slotTaken))
    expect(late.body).not.toContain("<script>alert")
    expect(late.body).not.toContain("</textarea><script>")
    expect(late.body).toContain(`value="${escapeMarkup(hostile)}"`)
    expect(late.body).toContain('value="late@example.com"')
    expect(starts(late.body)).toEqual(await apiStarts())
    expect(starts(late.body)).not.toContain(iso(start))
    const stored = await t.store.messages.list({}, { offset: 0, limit: 100 })
    expect(stored.items.some((m) => m.email === "late@example.com")).toBe(false)
  })

  it("answers a refused field (400) or rule (422) with the page and its reason", async () => {
    const missing = await post("/api/booking", { ...visitor("en", slot + 6 * HOUR), Company: "" })
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain(shown(copyOf("en", "booking").errors.invalid))
    expect(missing.body).toContain('value="Léa Martin"')
    const soon = await post("/api/booking", visitor("en", clock + HOUR))
    expect(soon.statusCode).toBe(422)
    expect(soon.body).toContain(shown(copyOf("en", "booking").errors.invalid))
    const crossSite = await post("/api/booking", visitor("en", slot + 6 * HOUR), {
      origin: "https://elsewhere.example",
    })
    expect(crossSite.statusCode).toBe(403)
  })

  it("reschedules (same UID, SEQUENCE + 1) and cancels (the slot is free) from the manage page's posts", async () => {
    const day2 = slot + 24 * HOUR
    const booked = await post("/api/booking", visitor("en", day2))
    const token = tokenOf(booked.headers.location as string)
    const page = "/en/contact/booking/manage"
    const before = (await get(`/api/booking/manage?token=${token}`)).json()
    const meeting = (await t.store.meetings.get(before.id))!
    const moved = await post("/api/booking/reschedule", {
      token,
      start: iso(day2 + HOUR),
      returnTo: page,
    })
    expect(moved.statusCode).toBe(303)
    expect(moved.headers.location).toBe(`${page}?token=${token}&done=rescheduled`)
    const after = (await t.store.meetings.get(before.id))!
    expect([after.uid, after.sequence, after.start]).toEqual([
      meeting.uid,
      meeting.sequence + 1,
      day2 + HOUR,
    ])
    expect(await apiStarts()).toContain(iso(day2))
    expect(serverView((await get(moved.headers.location as string)).body)).toContain(
      shown(copyOf("en", "booking-manage").notices.rescheduled),
    )
    // A taken time: the manage page again, with the reason and fresh times.
    await post("/api/booking", visitor("en", day2 + 2 * HOUR))
    const taken = await post("/api/booking/reschedule", {
      token,
      start: iso(day2 + 2 * HOUR),
      returnTo: page,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.body).toContain(shown(copyOf("en", "booking").errors.slotTaken))
    expect(starts(taken.body)).toEqual(await apiStarts())
    const cancelled = await post("/api/booking/cancel", {
      token,
      returnTo: "/de/contact/booking/manage",
    })
    expect(cancelled.statusCode).toBe(303)
    expect(cancelled.headers.location).toBe(
      `/de/contact/booking/manage?token=${token}&done=cancelled`,
    )
    expect((await t.store.meetings.get(before.id))!.status).toBe("cancelled")
    expect(await apiStarts()).toContain(iso(day2 + HOUR))
    const view = serverView((await get(cancelled.headers.location as string)).body)
    expect(view).toContain('data-status="cancelled"')
    expect(view).not.toContain('action="/api/booking/cancel"')
    expect(view).toContain('href="/de/contact/booking"')
  })

  it("gives an expired (410), unknown (404) or malformed (400) link its message, and the bare page (200) the missing one", async () => {
    const booked = await post("/api/booking", visitor("fr", slot + 30 * HOUR))
    const token = tokenOf(booked.headers.location as string)
    const copy = copyOf("fr", "booking-manage")
    const saved = clock
    clock = slot + 32 * HOUR
    const late = await get(`/contact/booking/manage?token=${token}`)
    clock = saved
    expect(late.statusCode).toBe(410)
    expect(serverView(late.body)).toContain(shown(copy.problems.expired))
    const unknown = await get(`/contact/booking/manage?token=${"a".repeat(43)}`)
    expect([
      unknown.statusCode,
      serverView(unknown.body).includes(shown(copy.problems.unknown)),
    ]).toEqual([404, true])
    const malformed = await get(
      `/contact/booking/manage?token=${encodeURIComponent('"><script>x')}`,
    )
    expect(malformed.statusCode).toBe(400)
    expect(malformed.body).not.toContain("<script>x")
    expect(serverView(malformed.body)).toContain(shown(copy.problems.unknown))
    const missing = await get("/contact/booking/manage")
    expect([
      missing.statusCode,
      serverView(missing.body).includes(shown(copy.problems.missing)),
    ]).toEqual([200, true])
    expect(missing.headers["cache-control"]).toBe("private, no-store")
  })
})
