// The blog's RSS 2.0 feed per language, written after the build (postbuild/post-build.ts).
// Each feed lists every post as the site shows it in that language: the translation, or the
// French version where there is none yet.
import fs from "node:fs/promises"
import path from "node:path"
import { readCopy } from "../content-kit/copy"
import { locateContent } from "../content-kit/locate"
import { blogPostPath, routes } from "../content-kit/routes"
import { escapeMarkup } from "../contract/markup"
import { feedPath } from "../src/content/feed"
import { defaultLanguage, languages, localizePath, type Language } from "../src/i18n/languages"

export type FeedPost = {
  slug: string
  lang: string
  title: string
  description: string
  date: string
  author?: string | null
}

export type FeedChannel = {
  siteUrl: string
  language: Language
  title: string
  description: string
  posts: FeedPost[]
}

/** RFC 822 date of a YYYY-MM-DD day, as RSS 2.0 wants it. */
const rssDate = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString()

export function rssXml({ siteUrl, language, title, description, posts }: FeedChannel): string {
  const origin = siteUrl.replace(/\/$/, "")
  const items = [...posts]
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
    .map((post) => {
      const url = origin + localizePath(blogPostPath(post.slug), language)
      return [
        "    <item>",
        `      <title>${escapeMarkup(post.title)}</title>`,
        `      <link>${escapeMarkup(url)}</link>`,
        `      <guid isPermaLink="true">${escapeMarkup(url)}</guid>`,
        `      <description>${escapeMarkup(post.description)}</description>`,
        `      <pubDate>${rssDate(post.date)}</pubDate>`,
        post.author ? `      <dc:creator>${escapeMarkup(post.author)}</dc:creator>` : null,
        post.lang !== language ? `      <dc:language>${post.lang}</dc:language>` : null,
        "    </item>",
      ]
        .filter((line) => line !== null)
        .join("\n")
    })
  const newest = posts
    .map((post) => post.date)
    .sort()
    .at(-1)
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "  <channel>",
    `    <title>${escapeMarkup(title)}</title>`,
    `    <link>${escapeMarkup(origin + localizePath(routes.blog.path, language))}</link>`,
    `    <atom:link href="${escapeMarkup(origin + feedPath(language))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeMarkup(description)}</description>`,
    `    <language>${language}</language>`,
    newest ? `    <lastBuildDate>${rssDate(newest)}</lastBuildDate>` : null,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== null)
    .join("\n")
}

type Copy = { meta: { title: string; description: string } }

/** Writes public/rss.xml, public/en/rss.xml and public/de/rss.xml from every post's versions. */
export async function writeFeeds(
  siteUrl: string,
  versions: FeedPost[],
  publicDir = "public",
  contentDir = locateContent(),
): Promise<void> {
  const slugs = [...new Set(versions.map((post) => post.slug))]
  for (const language of languages) {
    const posts = slugs.flatMap((slug) => {
      const post =
        versions.find((v) => v.slug === slug && v.lang === language) ??
        versions.find((v) => v.slug === slug && v.lang === defaultLanguage)
      return post ? [post] : []
    })
    const blog = readCopy<Copy>(contentDir, language, "blog")
    const brand = readCopy<{ brand: { name: string } }>(contentDir, language, "common").brand.name
    const file = path.join(publicDir, feedPath(language))
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(
      file,
      rssXml({
        siteUrl,
        language,
        title: `${brand} – ${blog.meta.title}`,
        description: blog.meta.description,
        posts,
      }),
    )
  }
}
