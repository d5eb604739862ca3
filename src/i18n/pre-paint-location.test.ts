import { prePaintLocationScript } from "./pre-paint-location"

type Result = { replacedState: string | null; redirectedTo: string | null; hidden: boolean }

function run(url: string, saved: string | null, storageThrows = false): Result {
  const parsed = new URL(url, "http://site.test")
  const result: Result = { replacedState: null, redirectedTo: null, hidden: false }
  const location = {
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
    replace: (to: string) => (result.redirectedTo = to),
  }
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, to: string) => (result.replacedState = to),
  }
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error("SecurityError")
      return key === "language" ? saved : null
    },
  }
  const document = { documentElement: { style: { visibility: "" } } }
  new Function("location", "history", "localStorage", "document", prePaintLocationScript)(
    location,
    history,
    localStorage,
    document,
  )
  result.hidden = document.documentElement.style.visibility === "hidden"
  return result
}

describe("prePaintLocationScript", () => {
  it("writes percent-encoded reserved characters back as the page's own path, keeping query and hash", () => {
    expect(run("/en/produit/click%26win?a=1#top", null)).toEqual({
      replacedState: "/en/produit/click&win?a=1#top",
      redirectedTo: null,
      hidden: false,
    })
    expect(run("/produit/click%26win", null).replacedState).toBe("/produit/click&win")
    expect(run("/produit/click&win", null).replacedState).toBeNull()
    // A slash or a percent sign stays encoded: decoding them would change the path's meaning.
    expect(run("/a%2Fb%25c", null).replacedState).toBeNull()
  })

  it(
    "sends a visitor who saved English or German from a French " +
      "URL to the same page in their language, hidden meanwhile",
    () => {
      expect(run("/", "en")).toEqual({ replacedState: null, redirectedTo: "/en", hidden: true })
      expect(run("/contact?x=1#form", "de")).toEqual({
        replacedState: null,
        redirectedTo: "/de/contact?x=1#form",
        hidden: true,
      })
      expect(run("/produit/click%26win", "de")).toEqual({
        replacedState: "/produit/click&win",
        redirectedTo: "/de/produit/click&win",
        hidden: true,
      })
    },
  )

  it("never overrides a prefixed URL, the admin, French, an unknown value or a browser without storage", () => {
    for (const [url, saved] of [
      ["/en/contact", "de"],
      ["/de", "en"],
      ["/admin/login", "en"],
      ["/contact", "fr"],
      ["/contact", "es"],
      ["/contact", null],
      ["/english-page", null],
    ] as const) {
      expect(run(url, saved)).toEqual({ replacedState: null, redirectedTo: null, hidden: false })
    }
    expect(run("/contact", "en", true)).toEqual({
      replacedState: null,
      redirectedTo: null,
      hidden: false,
    })
  })
})
