import fs from "node:fs"
import path from "node:path"
import {
  LEAD_SOURCE_FIELDS,
  LEAD_SOURCE_NAMES,
  leadSourceOfBody,
  NO_SOURCE,
  VISIT_SOURCE_FIELDS,
} from "./lead-source"
import { UTM_NAMES } from "./lead-source-rules"

describe("the lead source table", () => {
  it("names the utm_* fields as the site's capture spells them from UTM_NAMES (src/lead-source/clean.ts), in its order", () => {
    const utm = LEAD_SOURCE_FIELDS.filter((field) => field.rule === "utm")
    expect(utm.map((field) => field.column)).toEqual(
      UTM_NAMES.map((name) => `utm_${name.toLowerCase()}`),
    )
    expect(utm.map((field) => field.body)).toEqual(UTM_NAMES.map((name) => `Utm${name}`))
    expect(utm.map((field) => field.name)).toEqual(UTM_NAMES.map((name) => `utm${name}`))
    expect(VISIT_SOURCE_FIELDS.map((field) => field.event)).toEqual([
      "referrer",
      ...utm.map((field) => field.column),
    ])
  })

  it("has the admin's label of every field in every language", () => {
    for (const language of ["fr", "en", "de"]) {
      const file = path.join(__dirname, "..", "content", "locales", language, "admin.json")
      const labels = (JSON.parse(fs.readFileSync(file, "utf8")) as { source: object }).source
      for (const name of LEAD_SOURCE_NAMES) expect(labels).toHaveProperty([name])
    }
  })

  it("takes a contact body's fields by their body names, an empty one as null", () => {
    expect(leadSourceOfBody({})).toEqual(NO_SOURCE)
    expect(leadSourceOfBody({ Landing: "/a", Referrer: "", UtmTerm: "x" })).toEqual({
      ...NO_SOURCE,
      landingPage: "/a",
      utmTerm: "x",
    })
  })
})
