// Blog posts: content/blog/<slug>/index.<language>.md with title, description and date (the
// layout of Sveltia CMS's multiple-files i18n).
import fs from "node:fs"
import path from "node:path"
import matter from "gray-matter"
import { languages, type Language } from "../../src/i18n/languages"

export type BlogReport = { slugs: string[]; errors: string[]; missing: { slug: string; language: Language }[] }

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** YAML turns an unquoted 2026-03-10 into a Date; a quoted one stays a string. Both are fine. */
function isDay(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  return new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

function checkPost(file: string, where: string): string[] {
  let parsed: matter.GrayMatterFile<string>
  try {
    // Passing an options object skips gray-matter's cache, so each read is fresh.
    parsed = matter(fs.readFileSync(file, "utf8"), {})
  } catch (error) {
    return [`${where}: frontmatter is not valid YAML (${(error as Error).message.split("\n")[0]})`]
  }
  const errors: string[] = []
  for (const key of ["title", "description"]) {
    const value = parsed.data[key]
    if (typeof value !== "string" || value.trim() === "") errors.push(`${where}: frontmatter "${key}" must be a non-empty string`)
  }
  if (!isDay(parsed.data.date)) errors.push(`${where}: frontmatter "date" must be a date written YYYY-MM-DD`)
  const author = parsed.data.author
  if (author !== undefined && (typeof author !== "string" || author.trim() === "")) {
    errors.push(`${where}: frontmatter "author" must be a non-empty string when present`)
  }
  if (parsed.content.trim() === "") errors.push(`${where}: the post has no body`)
  return errors
}

export function checkBlog(blogDir: string): BlogReport {
  const report: BlogReport = { slugs: [], errors: [], missing: [] }
  if (!fs.existsSync(blogDir)) return report
  for (const entry of fs.readdirSync(blogDir, { withFileTypes: true })) {
    const where = `blog/${entry.name}`
    if (!entry.isDirectory()) {
      report.errors.push(`${where}: a post is a folder content/blog/<slug>/ holding index.<language>.md files`)
      continue
    }
    if (!slugPattern.test(entry.name)) report.errors.push(`${where}: the slug must be lowercase ascii words joined by hyphens`)
    const files = fs.readdirSync(path.join(blogDir, entry.name))
    for (const file of files) {
      const language = /^index\.([a-z]+)\.md$/.exec(file)?.[1] ?? ""
      if (!(languages as readonly string[]).includes(language)) {
        report.errors.push(`${where}/${file}: unexpected file (expected ${languages.map((l) => `index.${l}.md`).join(", ")})`)
      }
    }
    if (!files.includes("index.fr.md")) {
      report.errors.push(`${where}: the French version index.fr.md is missing`)
      continue
    }
    report.slugs.push(entry.name)
    for (const language of languages) {
      if (!files.includes(`index.${language}.md`)) report.missing.push({ slug: entry.name, language })
      else report.errors.push(...checkPost(path.join(blogDir, entry.name, `index.${language}.md`), `${where}/index.${language}.md`))
    }
  }
  return report
}
