// npm run content:docs: writes docs/CONTENT-SCHEMA.md from the content schema.
import fs from "node:fs"
import path from "node:path"
import { contentDocsFile, contentSchemaDocs } from "../content-kit/schema-docs"

if (require.main === module) {
  fs.mkdirSync(path.dirname(contentDocsFile), { recursive: true })
  fs.writeFileSync(contentDocsFile, contentSchemaDocs())
  console.log(`wrote ${path.relative(process.cwd(), contentDocsFile)}`)
}
