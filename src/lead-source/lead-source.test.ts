import { captureLeadSource, LEAD_SOURCE_KEY, readLeadSource } from "./lead-source"

const at = (url: string) => {
  const { pathname, search, host } = new URL(url)
  return { pathname, search, host }
}
const storage = () => window.sessionStorage

describe("lead source", () => {
  beforeEach(() => window.sessionStorage.clear())

  it("keeps the landing path, the external referrer's host and the utm_* values of the landing URL", () => {
    captureLeadSource(
      at(
        "https://mesurea.example/produit/creaform?utm_source=newsletter&utm_medium=email" +
          "&utm_campaign=spring&utm_term=nps+survey&utm_content=top&x=1",
      ),
      "https://www.google.com/search?q=secret",
    )
    expect(readLeadSource(storage)).toEqual({
      Landing: "/produit/creaform",
      Referrer: "www.google.com",
      UtmSource: "newsletter",
      UtmMedium: "email",
      UtmCampaign: "spring",
      UtmTerm: "nps survey",
      UtmContent: "top",
    })
    // Nothing of the referrer's path or query, nothing of other parameters.
    expect(window.sessionStorage.getItem(LEAD_SOURCE_KEY)).not.toMatch(/secret|x=1/)
  })

  it("keeps the first page of the visit as visitors move around the site", () => {
    captureLeadSource(at("https://mesurea.example/blog?utm_source=linkedin"), "")
    captureLeadSource(at("https://mesurea.example/contact"), "https://mesurea.example/blog")
    expect(readLeadSource(storage)).toMatchObject({
      Landing: "/blog",
      UtmSource: "linkedin",
      Referrer: undefined,
    })
  })

  it("starts a new visit when a later load comes from a campaign or another site", () => {
    captureLeadSource(at("https://mesurea.example/?utm_source=linkedin"), "")
    captureLeadSource(at("https://mesurea.example/solutions"), "https://news.example.org/a/b")
    expect(readLeadSource(storage)).toEqual({ Landing: "/solutions", Referrer: "news.example.org" })
  })

  it("drops values the server would refuse rather than lose the message", () => {
    captureLeadSource(
      at(
        `https://mesurea.example/?utm_source=%3Cscript%3E&utm_campaign=${"a".repeat(150)}&utm_medium=%E2%80%AEx`,
      ),
      "android-app://com.example/",
    )
    expect(readLeadSource(storage)).toEqual({ Landing: "/", UtmCampaign: "a".repeat(100) })
    window.sessionStorage.setItem(
      LEAD_SOURCE_KEY,
      JSON.stringify({ Landing: "javascript:alert(1)", UtmSource: "ok", Referrer: "Bad Host" }),
    )
    expect(readLeadSource(storage)).toEqual({ UtmSource: "ok" })
    window.sessionStorage.setItem(LEAD_SOURCE_KEY, "{not json")
    expect(readLeadSource(storage)).toEqual({})
  })

  it("does nothing, and breaks nothing, when storage is refused; it sets no cookie", () => {
    const refused = () => {
      throw new DOMException("denied", "SecurityError")
    }
    expect(() =>
      captureLeadSource(at("https://mesurea.example/?utm_source=x"), "", refused),
    ).not.toThrow()
    expect(readLeadSource(refused)).toEqual({})
    expect(document.cookie).toBe("")
  })
})
