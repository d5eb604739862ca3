// npm run content:docs: writes docs/CONTENT-SCHEMA.md from the content schema.
import fs from "node:fs"
import path from "node:path"
import { contentSchemaDocs } from "./content/schema-docs"

export const contentDocsFile = path.join(__dirname, "..", "docs", "CONTENT-SCHEMA.md")

if (require.main === module) {
  fs.mkdirSync(path.dirname(contentDocsFile), { recursive: true })
  fs.writeFileSync(contentDocsFile, contentSchemaDocs())
  console.log(`wrote ${path.relative(process.cwd(), contentDocsFile)}`)
}
