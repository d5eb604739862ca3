import fs from "node:fs"
import { contentDocsFile, contentSchemaDocs } from "./schema-docs"

describe("the editors' reference of the content schema", () => {
  it("is up to date: run `npm run content:docs` after changing content-kit/schema/", () => {
    expect(fs.readFileSync(contentDocsFile, "utf8")).toBe(contentSchemaDocs())
  })

  it("documents every template, every section kind and every icon from the schema", () => {
    const docs = contentSchemaDocs()
    for (const kind of ["cards", "features", "steps", "prose", "split", "team", "cta"])
      expect(docs).toContain(`### \`${kind}\``)
    expect(docs).toMatch(/\| `reasons\.items` \| list of exactly 4 \| yes \|/)
    expect(docs).toMatch(
      /\| `sections\[\]\.items\[\]\.icon` \| one of: `layout-template`.*`globe` \| no \|/,
    )
    expect(docs).toContain("| `date` | text | yes | publication day YYYY-MM-DD, or day and time")
  })
})
