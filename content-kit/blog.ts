// Blog posts: content/blog/<slug>/index.<language>.md with title, description and date (the
// layout of Sveltia CMS's multiple-files i18n).
import fs from "node:fs"
import path from "node:path"
import { LANGUAGES as languages, type Language } from "../contract/languages"
import { FrontMatterRefused, readFrontMatter, type FrontMatter } from "./front-matter"
import { refusedMarkup } from "./markdown-markup"
import { BlogFrontmatter } from "./schema/blog"
import { schemaErrors } from "./schema-errors"

export type BlogReport = {
  slugs: string[]
  errors: string[]
  missing: { slug: string; language: Language }[]
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** YAML turns an unquoted 2026-03-10 into a Date; a quoted one stays a string. Both are fine. */
function asDay(value: unknown): unknown {
  return value instanceof Date && !Number.isNaN(value.getTime())
    ? value.toISOString().slice(0, 10)
    : value
}

function isRealDay(day: unknown): boolean {
  const date = new Date(`${String(day)}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(String(day))
}

function checkPost(file: string, where: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  let parsed: FrontMatter
  try {
    parsed = readFrontMatter(text)
  } catch (error) {
    if (error instanceof FrontMatterRefused) return [`${where}: ${error.message}`]
    return [`${where}: frontmatter is not valid YAML (${(error as Error).message.split("\n")[0]})`]
  }
  const frontmatter = { ...parsed.data, date: asDay(parsed.data.date) }
  const errors = schemaErrors(BlogFrontmatter, frontmatter).map(
    (error) => `${where}: frontmatter ${error}`,
  )
  if (errors.length === 0 && !isRealDay(String(frontmatter.date).slice(0, 10)))
    errors.push(`${where}: frontmatter date: is not a day of the calendar`)
  if (parsed.content.trim() === "") errors.push(`${where}: the post has no body`)
  const bodyLine = text.slice(0, text.length - parsed.content.length).split("\n").length
  for (const { line, what } of refusedMarkup(parsed.content, bodyLine))
    errors.push(`${where}:${line}: ${what}`)
  return errors
}

export function checkBlog(blogDir: string): BlogReport {
  const report: BlogReport = { slugs: [], errors: [], missing: [] }
  if (!fs.existsSync(blogDir)) return report
  for (const entry of fs.readdirSync(blogDir, { withFileTypes: true })) {
    const where = `blog/${entry.name}`
    if (!entry.isDirectory()) {
      report.errors.push(
        `${where}: a post is a folder content/blog/<slug>/ holding index.<language>.md files`,
      )
      continue
    }
    if (!slugPattern.test(entry.name))
      report.errors.push(`${where}: the slug must be lowercase ascii words joined by hyphens`)
    const files = fs.readdirSync(path.join(blogDir, entry.name))
    for (const file of files) {
      const language = /^index\.([a-z]+)\.md$/.exec(file)?.[1] ?? ""
      if (!(languages as readonly string[]).includes(language)) {
        report.errors.push(
          `${where}/${file}: unexpected file (expected ${languages.map((l) => `index.${l}.md`).join(", ")})`,
        )
      }
    }
    if (!files.includes("index.fr.md")) {
      report.errors.push(`${where}: the French version index.fr.md is missing`)
      continue
    }
    report.slugs.push(entry.name)
    for (const language of languages) {
      if (!files.includes(`index.${language}.md`))
        report.missing.push({ slug: entry.name, language })
      else
        report.errors.push(
          ...checkPost(
            path.join(blogDir, entry.name, `index.${language}.md`),
            `${where}/index.${language}.md`,
          ),
        )
    }
  }
  return report
}
