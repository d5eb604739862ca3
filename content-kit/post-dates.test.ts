import { postDates } from "./post-dates"

describe("postDates", () => {
  it("writes a post's day as each language's blog shows it, in UTC", () => {
    expect(postDates("2026-03-10")).toEqual({
      fr: "10 mars 2026",
      en: "March 10, 2026",
      de: "10. März 2026",
    })
    // Late in the evening west of Greenwich is still the same day in UTC.
    expect(postDates("2026-12-31T23:30:00Z").en).toBe("December 31, 2026")
  })

  it("takes the Date that YAML makes of an unquoted day", () => {
    expect(postDates(new Date("2026-10-06T00:00:00Z")).fr).toBe("6 octobre 2026")
  })

  it("gives empty strings for a date it cannot read, for the content check to name", () => {
    expect(postDates("not a day")).toEqual({ fr: "", en: "", de: "" })
    expect(postDates(undefined)).toEqual({ fr: "", en: "", de: "" })
  })
})
