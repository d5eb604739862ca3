import fs from "node:fs"
import path from "node:path"
import { blogPostPath } from "../../content-kit/routes"
import { languages, localizePath, type Language } from "../../src/i18n/languages"
import { publicPages } from "./pages"

/** Slugs of the blog posts: one folder per post under content/blog. */
export const blogSlugs: string[] = fs
  .readdirSync(path.resolve(__dirname, "../../content/blog"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

/** Every public page of one language: the route table and the blog posts. */
export function pagesOf(language: Language): string[] {
  return [
    ...publicPages.filter((page) => page.language === language).map((page) => page.path),
    ...blogSlugs.map((slug) => localizePath(blogPostPath(slug), language)),
  ]
}

export const allPublicPages: string[] = languages.flatMap(pagesOf)
