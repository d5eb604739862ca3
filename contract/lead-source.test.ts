import fs from "node:fs"
import path from "node:path"
import {
  LEAD_SOURCE_FIELDS,
  LEAD_SOURCE_NAMES,
  leadSourceOfBody,
  NO_SOURCE,
  VISIT_SOURCE_FIELDS,
} from "./lead-source"
import { UTM_PARAMETERS } from "./lead-source-rules"

describe("the lead source table", () => {
  it("names the utm_* parameters the site reads from the address bar (lead-source-rules.ts), in its order", () => {
    const utm = LEAD_SOURCE_FIELDS.filter((field) => field.rule === "utm")
    expect(utm.map((field) => field.column)).toEqual([...UTM_PARAMETERS])
    expect(VISIT_SOURCE_FIELDS.map((field) => field.event)).toEqual(["referrer", ...UTM_PARAMETERS])
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
