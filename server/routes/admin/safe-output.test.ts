// Threats: formulas run by a spreadsheet opening an export (CSV injection), read with either
// separator; exports that double or miss rows written meanwhile; admin answers kept by a
// cache; control and bidirectional characters that make stored text read differently.
// See docs/SECURITY.md.
import fc from "fast-check"
import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"
import { csvCell } from "./csv"

/**
 * Splits CSV text as a spreadsheet does with `separator`: a quote opens a quoted field only at
 * the start of a field, `""` inside it is one quote, and anything after its closing quote is
 * appended as it is.
 */
function parse(text: string, separator: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ""
  let atStart = true
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && atStart) {
      quoted = true
      atStart = false
    } else if (c === separator) {
      record.push(field)
      field = ""
      atStart = true
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++
      record.push(field)
      records.push(record)
      record = []
      field = ""
      atStart = true
    } else {
      field += c
      atStart = false
    }
  }
  if (field || record.length) records.push([...record, field])
  return records
}

// TAB and CR count where they lead into a formula character (a lone one is a line end the
// quoting moved, not a formula).
const FORMULA = /^[\t\r\n]*[=+\-@]/
const runnable = (csv: string, separator: string) =>
  parse(csv, separator)
    .flat()
    .filter((field) => FORMULA.test(field))

describe("security: CSV cells", () => {
  it("never yield a field that starts a formula, read with commas or semicolons", () => {
    const tricky = fc.string({
      unit: fc.constantFrom(
        "a",
        "1",
        " ",
        "=",
        "+",
        "-",
        "@",
        "\t",
        "\r",
        "\n",
        ",",
        ";",
        '"',
        "'",
      ),
      maxLength: 24,
    })
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 4 }), (cells) => {
        const line = `${cells.map(csvCell).join(",")}\r\n`
        expect(runnable(line, ",")).toEqual([])
        expect(runnable(line, ";")).toEqual([])
      }),
      { numRuns: 3000 },
    )
  })

  it("keeps phone numbers readable: every digit, space and dash where it was", () => {
    expect(csvCell("+33 1 23 45 67 89")).toBe("'+33 1 23 45 67 89")
    expect(csvCell("01 23 45-67-89")).toBe("01 23 45-67-89")
    expect(csvCell("(030) 1234-567")).toBe("(030) 1234-567")
    expect(csvCell("-1")).toBe("'-1")
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(
      `"'=HYPERLINK(""http://evil.example"")"`,
    )
    expect(csvCell("a;=1+1")).toBe('"a;\'=1+1"')
  })
})

describeEachStore("security: admin output", (kind) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await testApp(kind)
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const send = (fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: { name: "Ana", Email: "ana@example.com", Message: "Bonjour", ...fields },
    })

  it("exports phone numbers and formulas safely in the messages CSV, for both separators", async () => {
    expect(
      (
        await send({
          name: "=cmd|' /C calc'!A0",
          Company: "ACME;=1+1",
          Phone: "+33 1 23 45 67 89",
          Message: "ok,-2+3\n@SUM(A1)",
        })
      ).statusCode,
    ).toBe(201)
    const csv = (
      await t.app.inject({ url: "/api/admin/messages/export.csv", headers: { cookie } })
    ).body.replace(/^\uFEFF/, "")
    expect(runnable(csv, ",")).toEqual([])
    expect(runnable(csv, ";")).toEqual([])
    expect(csv).toContain("'+33 1 23 45 67 89")
  })

  it("exports each message once even when messages arrive during the export (keyset, not OFFSET)", async () => {
    for (let i = 0; i < 7; i++) expect((await send({ name: `Batch ${i}` })).statusCode).toBe(201)
    const before = (await t.store.messages.list({}, { offset: 0, limit: 1000 })).items.map(
      (m) => m.id,
    )
    const seen: string[] = []
    for await (const message of t.store.messages.each({}, 3)) {
      seen.push(message.id)
      // A newer message lands between two slices: with OFFSET the next slice would repeat one.
      if (seen.length % 3 === 0) await send({ name: "Arrived meanwhile" })
    }
    expect(new Set(seen).size).toBe(seen.length)
    // Every message there when the export began, once, in order (one arriving in the same
    // millisecond may or may not be in it).
    expect(seen.filter((id) => before.includes(id))).toEqual(before)
  })

  it("answers every admin API request with Cache-Control: no-store, errors included", async () => {
    const requests = [
      { url: "/api/admin/session", headers: { cookie } },
      { url: "/api/admin/messages", headers: { cookie } },
      { url: "/api/admin/summary", headers: { cookie } },
      { url: "/api/admin/subscribers", headers: { cookie } },
      { url: "/api/admin/messages/export.csv", headers: { cookie } },
      { url: "/api/admin/messages" },
      { url: "/api/admin/session", headers: { cookie, origin: "https://evil.example" } },
      { url: "/api/admin/messages/00000000-0000-0000-0000-000000000000", headers: { cookie } },
      {
        method: "POST" as const,
        url: "/api/admin/login",
        payload: { username: "admin", password: "wrong" },
      },
    ]
    for (const request of requests) {
      const response = await t.app.inject(request)
      expect([request.url, response.statusCode, response.headers["cache-control"]]).toEqual([
        request.url,
        response.statusCode,
        "no-store",
      ])
    }
  })

  it("strips bidirectional overrides and isolates from names, companies and messages", async () => {
    const response = await send({
      name: "Ana \u202eredli\u202c",
      Company: "\u2066ACME\u2069",
      Message: "Pay \u202dinvoice\u202c now",
    })
    expect(response.statusCode).toBe(201)
    const stored = await t.store.messages.get(response.json().id)
    expect(stored).toMatchObject({ name: "Ana redli", company: "ACME", message: "Pay invoice now" })
  })

  it.each([
    ["name", { name: "Ana\u0085Smith" }],
    ["name", { name: "Ana\u001b[31m" }],
    ["company", { Company: "ACME\u009b" }],
    ["phone", { Phone: "+33\u00071" }],
    ["message", { Message: "Hello\u001b]0;pwned\u0007" }],
    ["message", { Message: "Hello\u0085world" }],
  ])(
    "refuses C0 and C1 control characters in the %s with 400 and stores nothing",
    async (_field, fields) => {
      const before = (await t.store.messages.list({}, { offset: 0, limit: 1 })).total
      const response = await send(fields as Record<string, string>)
      expect([response.statusCode, response.json().error]).toEqual([400, "invalid_body"])
      expect((await t.store.messages.list({}, { offset: 0, limit: 1 })).total).toBe(before)
    },
  )

  it("keeps TAB and line breaks in messages", async () => {
    const response = await send({ Message: "Line 1\r\nLine 2\n\tindented" })
    expect(response.statusCode).toBe(201)
    expect((await t.store.messages.get(response.json().id))!.message).toBe(
      "Line 1\r\nLine 2\n\tindented",
    )
  })
})
