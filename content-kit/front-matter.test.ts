import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { checkBlog } from "./blog"
import { FrontMatterRefused, readFrontMatter } from "./front-matter"
import { heldBackPosts } from "./publication"

// An editor's push must not run code on the server that builds it (issue 46 finding 1).
describe("front matter that is code", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "front-matter-"))
  const witness = path.join(dir, "ran")
  const global = globalThis as { frontMatterRan?: boolean }
  // What gray-matter's JavaScript engine would evaluate: a global set and a file written.
  const code = (language: string) =>
    `---${language}\n{ draft: (globalThis.frontMatterRan = true, ` +
    `require("fs").writeFileSync(${JSON.stringify(witness)}, "x"), true), title: "T" }\n---\nBody.\n`
  const blog = path.join(dir, "blog")
  for (const [slug, language] of [
    ["js-post", "js"],
    ["javascript-post", "javascript"],
    ["coffee-post", "coffee"],
  ]) {
    fs.mkdirSync(path.join(blog, slug), { recursive: true })
    fs.writeFileSync(path.join(blog, slug, "index.fr.md"), code(language))
  }
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  afterEach(() => {
    expect(global.frontMatterRan).toBeUndefined()
    expect(fs.existsSync(witness)).toBe(false)
  })

  it("is refused by the reader, with the language named, and never run", () => {
    for (const language of ["js", "javascript", "JS", "coffee", "json", "toml"])
      expect(() => readFrontMatter(code(language))).toThrow(
        new FrontMatterRefused(
          `front matter "---${language.toLowerCase()}" is refused: only YAML front matter, opened by a plain ---, is read`,
        ),
      )
    expect(() => readFrontMatter(`\uFEFF${code("js")}`)).toThrow(FrontMatterRefused)
  })

  it("is refused by the content check, which names the file", () => {
    expect(checkBlog(blog).errors.sort()).toEqual([
      'blog/coffee-post/index.fr.md: front matter "---coffee" is refused: only YAML front matter, opened by a plain ---, is read',
      'blog/javascript-post/index.fr.md: front matter "---javascript" is refused: only YAML front matter, opened by a plain ---, is read',
      'blog/js-post/index.fr.md: front matter "---js" is refused: only YAML front matter, opened by a plain ---, is read',
    ])
  })

  it("is not read by the publication schedule either", () => {
    expect(heldBackPosts(blog, Date.now())).toEqual([])
  })

  it("still reads YAML, marked or not", () => {
    for (const open of ["---", "---yaml", "--- yml"])
      expect(readFrontMatter(`${open}\ntitle: T\ndraft: true\n---\nBody.\n`)).toEqual({
        data: { title: "T", draft: true },
        matter: "\ntitle: T\ndraft: true",
        content: "Body.\n",
      })
  })
})
