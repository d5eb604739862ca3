import fs from "node:fs/promises"
import path from "node:path"
import { allRoutes, pageKeys, unlistedPaths } from "../content-kit/page-routes"
import { blogPostPath } from "../content-kit/routes"
import { LANGUAGES, type Language } from "../contract/languages"
import { escapeMarkup } from "../contract/markup"
import { alternatesOf } from "../src/i18n/alternates"
import { localizePath } from "../src/i18n/languages"

export function sitemapXml(
  siteUrl: string,
  paths: string[],
  languages: readonly Language[] = LANGUAGES,
): string {
  const origin = siteUrl.replace(/\/$/, "")
  const urls = paths.flatMap((page) =>
    languages.map((language) => {
      const links = alternatesOf(origin, page)
        .map(
          (alt) =>
            `    <xhtml:link rel="alternate" hreflang="${alt.hrefLang}" href="${escapeMarkup(alt.href)}"/>`,
        )
        .join("\n")
      return `  <url>\n    <loc>${escapeMarkup(origin + localizePath(page, language))}</loc>\n${links}\n  </url>`
    }),
  )
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n")
}

/** Every page the sitemap lists, unprefixed: the route table's (unlisted ones aside) and each post's. */
export function listedPages(postSlugs: string[]): string[] {
  return [
    ...pageKeys.map((key) => allRoutes[key].path).filter((page) => !unlistedPaths.includes(page)),
    ...[...new Set(postSlugs)].sort().map(blogPostPath),
  ]
}

/** public/sitemap.xml (every page in every language with its alternates) and robots.txt. */
export async function writeSitemap(
  outDir: string,
  siteUrl: string,
  pages: string[],
  languages: readonly Language[],
): Promise<void> {
  await fs.writeFile(path.join(outDir, "sitemap.xml"), sitemapXml(siteUrl, pages, languages))
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /cms\n\nSitemap: ${siteUrl}/sitemap.xml\n`
  await fs.writeFile(path.join(outDir, "robots.txt"), robots)
}
