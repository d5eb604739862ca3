import { postsFor, type PostSummary } from "./blog"

// The module also holds a query fragment, which only Gatsby's build compiles away.
jest.mock("gatsby", () => ({ graphql: () => "" }))

const post = (slug: string, lang: string, date: string): PostSummary => ({
  slug,
  lang,
  title: `${slug} (${lang})`,
  description: "",
  date,
  dates: { fr: date, en: date, de: date },
  author: null,
})

describe("postsFor", () => {
  it("keeps one version a post, the visitor's language before French, newest first", () => {
    const posts = [
      post("older", "fr", "2026-01-05"),
      post("newest", "fr", "2026-11-03"),
      post("newest", "de", "2026-11-03"),
      post("middle", "fr", "2026-06-30"),
    ]
    expect(postsFor(posts, "de").map((p) => `${p.slug}/${p.lang}`)).toEqual([
      "newest/de",
      "middle/fr",
      "older/fr",
    ])
    expect(postsFor(posts, "en").map((p) => p.lang)).toEqual(["fr", "fr", "fr"])
  })
})
