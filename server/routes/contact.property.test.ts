import fc from "fast-check"
import type { Message } from "../store/messages"
import { describeEachStore, type TestApp, testApp } from "../test/stores"
import { BIDI_CONTROLS } from "./strip-bidi"

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    "  ",
    "\u0000",
    "\ud800",
    "a\nb",
    " x@example.com ",
    "/contact",
    "\u202egnp.exe",
    "a\u0085b",
    "\u2066x\u2069",
    "\u001b[31m",
  ),
)
const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 2 }),
  fc.dictionary(text, text, { maxKeys: 2 }),
)

const plausible = fc.record(
  {
    name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 205 }),
    Email: fc.oneof({ weight: 5, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: text }),
    Company: fc.string({ unit: "grapheme", maxLength: 205 }),
    Phone: fc.oneof(
      { weight: 5, arbitrary: fc.stringMatching(/^[0-9+ ()./-]{0,52}$/) },
      { weight: 1, arbitrary: text },
    ),
    Message: fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }),
    Language: fc.constantFrom("fr", "en", "de", "de", "es"),
    Page: fc.oneof(
      { weight: 5, arbitrary: fc.webPath().map((p) => `/${p.replace(/^\/+/, "")}`) },
      { weight: 1, arbitrary: text },
    ),
    Website: fc.constantFrom("", "http://spam.example"),
    ElapsedMs: fc.integer({ min: -5, max: 100_000 }),
  },
  { requiredKeys: ["name", "Email", "Message"] },
)
const contactKeys = [
  "name",
  "Email",
  "Company",
  "Phone",
  "Message",
  "Language",
  "Page",
  "Website",
  "ElapsedMs",
  "email",
  "extra",
]

// Plausible bodies, the same with one field replaced by anything, and arbitrary JSON.
const body = fc.oneof(
  { weight: 3, arbitrary: plausible },
  {
    weight: 3,
    arbitrary: fc
      .tuple(plausible, fc.constantFrom(...contactKeys), anyValue)
      .map(([b, key, v]) => ({ ...b, [key]: v })),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
)

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// eslint-disable-next-line no-control-regex -- control characters are exactly what multi-line text refuses
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- control characters are exactly what one line refuses
const oneLine = (s: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(s)
const noBidi = (s: string | null) => s === null || !/[\u202a-\u202e\u2066-\u2069]/.test(s)
const clean = (s: string) => s.replace(BIDI_CONTROLS, "").trim()
function isValid(m: Message) {
  const trimmed = (s: string | null) => s === null || s === s.trim()
  return (
    m.name.length > 0 &&
    [...m.name].length <= 200 &&
    oneLine(m.name) &&
    trimmed(m.name) &&
    EMAIL.test(m.email) &&
    m.email.length <= 254 &&
    (m.company === null ||
      ([...m.company].length <= 200 && m.company.length > 0 && trimmed(m.company))) &&
    (m.phone === null || ([...m.phone].length <= 50 && oneLine(m.phone) && trimmed(m.phone))) &&
    m.message.trim().length > 0 &&
    [...m.message].length <= 10_000 &&
    !MULTI_LINE_REFUSED.test(m.message) &&
    [m.name, m.company, m.phone, m.message].every(noBidi) &&
    (m.language === null || ["fr", "en", "de"].includes(m.language)) &&
    (m.page === null || (m.page.startsWith("/") && [...m.page].length <= 300))
  )
}

describeEachStore("POST /SendMessage with random bodies", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(() => t.close())

  it("never answers 5xx, stores exactly the accepted bodies, and every stored message is valid", async () => {
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await t.app.inject({
          method: "POST",
          url: "/SendMessage",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(payload),
        })
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode !== 201) {
          expect(response.statusCode).toBe(400)
          return
        }
        accepted++
        const stored = await t.store.messages.get(response.json().id)
        expect(isValid(stored!)).toBe(true)
        const sent = payload as Record<string, string>
        expect(stored).toMatchObject({
          name: clean(sent.name),
          email: sent.Email.trim(),
          message: clean(sent.Message),
        })
      }),
      { numRuns: 1000 },
    )
    // Nothing refused was stored: the store holds exactly the accepted messages.
    expect((await t.store.messages.list({}, { offset: 0, limit: 1 })).total).toBe(accepted)
  }, 120_000)
})
