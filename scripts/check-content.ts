// `npm run check:content [-- <content folder>] [--release | --strict]`: the content check
// (content-kit/check-content.ts), the go-live placeholders and the translations' freshness.
// Fails on malformed content or a page without copy; reports every missing translation per
// language without failing, since the site falls back to French.
import path from "node:path"
import { checkContent } from "../content-kit/check-content"
import { reportFreshness } from "../content-kit/freshness-report"
import { locateContent } from "../content-kit/locate"
import { findPlaceholders, formatPlaceholders } from "../content-kit/placeholders"
import { heldBackPosts } from "../content-kit/publication"
import { symlinkErrors } from "../content-kit/symlinks"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../contract/languages"

function main(): void {
  const args = process.argv.slice(2)
  const root = args.find((arg) => !arg.startsWith("--")) ?? locateContent()
  // Symbolic links first, and nothing else read while one is there (content-kit/symlinks.ts).
  const links = symlinkErrors(root)
  if (links.length > 0) {
    console.error(`Content check of ${path.resolve(root)}\n\nErrors: ${links.length}`)
    for (const error of links) console.error(`  - ${error}`)
    process.exitCode = 1
    return
  }
  // The go-live check (content-kit/placeholders.ts): placeholders fail a release.
  if (args.includes("--release")) {
    const placeholders = findPlaceholders(root)
    console.log(formatPlaceholders(placeholders))
    if (placeholders.length > 0) process.exitCode = 1
  }
  const { errors, missing } = checkContent(root)
  console.log(`Content check of ${path.resolve(root)}`)
  const held = heldBackPosts(path.join(root, "blog"), Date.now())
  console.log("\nPosts not published yet (drafts never are; a scheduled post is, at its time):")
  if (held.length === 0) console.log("  none")
  for (const post of held) {
    const when =
      post.dueAt === null ? "draft" : `scheduled for ${new Date(post.dueAt).toISOString()}`
    console.log(`  blog/${post.file}: ${when}`)
  }
  console.log("\nMissing translations (the site shows the French text instead):")
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue
    console.log(
      `  ${language}: ${missing[language].length === 0 ? "none" : missing[language].length}`,
    )
    for (const key of missing[language]) console.log(`    - ${key}`)
  }
  const blockers = reportFreshness(root, process.argv.slice(2))
  if (blockers.length) {
    console.error(`\nRelease blocked: ${blockers.join("; ")}`)
    process.exitCode = 1
  }
  if (errors.length === 0) {
    console.log("\nErrors: none")
    return
  }
  console.error(`\nErrors: ${errors.length}`)
  for (const error of errors) console.error(`  - ${error}`)
  process.exitCode = 1
}

if (require.main === module) main()
