import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { blogIgnore, heldBackPosts, nextDue, publicationInstant } from "./publication"

describe("publication times", () => {
  test("a day is its midnight in Paris, summer and winter", () => {
    expect(new Date(publicationInstant("2026-07-01")!).toISOString()).toBe(
      "2026-06-30T22:00:00.000Z",
    )
    expect(new Date(publicationInstant("2026-12-01")!).toISOString()).toBe(
      "2026-11-30T23:00:00.000Z",
    )
  })
  test("a time without an offset is Paris time; with one, that instant", () => {
    expect(new Date(publicationInstant("2026-11-30T08:00")!).toISOString()).toBe(
      "2026-11-30T07:00:00.000Z",
    )
    expect(new Date(publicationInstant("2026-03-30 08:00:30")!).toISOString()).toBe(
      "2026-03-30T06:00:30.000Z",
    )
    expect(new Date(publicationInstant("2026-11-30T08:00:00Z")!).toISOString()).toBe(
      "2026-11-30T08:00:00.000Z",
    )
    expect(new Date(publicationInstant("2026-11-30T08:00+02:00")!).toISOString()).toBe(
      "2026-11-30T06:00:00.000Z",
    )
  })
  test("what names no instant is null", () => {
    expect(publicationInstant("next monday")).toBeNull()
    expect(publicationInstant("")).toBeNull()
  })
})

describe("held-back posts", () => {
  const blog = fs.mkdtempSync(path.join(os.tmpdir(), "blog-"))
  const post = (slug: string, language: string, frontmatter: string) => {
    fs.mkdirSync(path.join(blog, slug), { recursive: true })
    fs.writeFileSync(
      path.join(blog, slug, `index.${language}.md`),
      `---\ntitle: T\n${frontmatter}\n---\nBody.\n`,
    )
  }
  post("old", "fr", "date: 2026-01-05")
  post("monday", "fr", "date: 2026-11-30T08:00")
  post("monday", "en", 'date: "2026-11-30T08:00"')
  post("draft", "fr", "date: 2026-01-01\ndraft: true")
  const now = Date.parse("2026-11-29T12:00:00Z")
  afterAll(() => fs.rmSync(blog, { recursive: true, force: true }))

  test("drafts always, scheduled posts until their time, in every language", () => {
    const held = heldBackPosts(blog, now)
    expect(held.map((p) => [p.file, p.reason])).toEqual([
      ["draft/index.fr.md", "draft"],
      ["monday/index.en.md", "scheduled"],
      ["monday/index.fr.md", "scheduled"],
    ])
    expect(new Date(nextDue(held)!).toISOString()).toBe("2026-11-30T07:00:00.000Z")
    expect(heldBackPosts(blog, Date.parse("2026-11-30T07:00:01Z")).map((p) => p.file)).toEqual([
      "draft/index.fr.md",
    ])
  })
  test("the build's ignore list follows PUBLISH_NOW; a preview ignores nothing", () => {
    expect(blogIgnore(blog, { PUBLISH_NOW: String(now) }).ignore).toEqual([
      "**/draft/index.fr.md",
      "**/monday/index.en.md",
      "**/monday/index.fr.md",
    ])
    expect(blogIgnore(blog, { PUBLISH_NOW: String(now), PUBLISH_PREVIEW: "1" }).ignore).toEqual([])
  })
})
