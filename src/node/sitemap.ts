import fs from "node:fs/promises"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { blogPostPath, routeKeys, routes, unlistedPages } from "../../content-kit/routes"
import { alternatesOf } from "../i18n/alternates"
import { languages, localizePath } from "../i18n/languages"

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export function sitemapXml(siteUrl: string, paths: string[]): string {
  const origin = siteUrl.replace(/\/$/, "")
  const urls = paths.flatMap((page) =>
    languages.map((language) => {
      const links = alternatesOf(origin, page)
        .map(
          (alt) =>
            `    <xhtml:link rel="alternate" hreflang="${alt.hrefLang}" href="${escapeXml(alt.href)}"/>`,
        )
        .join("\n")
      return `  <url>\n    <loc>${escapeXml(origin + localizePath(page, language))}</loc>\n${links}\n  </url>`
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

// The sitemap lists every page in every language with its alternates, from the route table.
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<{
    site: { siteMetadata: { siteUrl: string } }
    allMarkdownRemark: { distinct: string[] }
  }>(`
    query SitemapData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      allMarkdownRemark {
        distinct(field: { fields: { slug: SELECT } })
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not build the sitemap", result.errors)
    return
  }
  const { siteUrl } = result.data.site.siteMetadata
  const paths = [
    ...routeKeys.map((key) => routes[key].path).filter((page) => !unlistedPages.includes(page)),
    ...result.data.allMarkdownRemark.distinct.map(blogPostPath),
  ]
  await fs.writeFile(path.resolve("public/sitemap.xml"), sitemapXml(siteUrl, paths))
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /cms\n\nSitemap: ${siteUrl}/sitemap.xml\n`
  await fs.writeFile(path.resolve("public/robots.txt"), robots)
}
