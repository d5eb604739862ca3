import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { rateCardVersion } from "../../content-kit/estimate/rate-card-version"
import { locateContent } from "../../content-kit/locate"
import { allRoutes, pageKeys, type PageKey } from "../../content-kit/page-routes"
import { rateCardFile } from "../../content-kit/rate-card"
import { blogPostPath, type Template } from "../../content-kit/routes"
import type { RateCard } from "../../content-kit/schema/rate-card"

/** Templates of the route table drawn by another's file (one chunk for both). */
const sharedFiles: Partial<Record<Template, Template>> = { "booking-manage": "booking" }
const template = (name: Template | "blog-post") =>
  path.resolve(`src/templates/${(name !== "blog-post" && sharedFiles[name]) || name}.tsx`)

/**
 * The panel estimate computes in the page with the rate card the site is built with, and shows
 * its version: the page's data, not its JavaScript. The server estimates again with its own.
 */
async function extraContext(key: PageKey) {
  if (key !== "panelEstimate") return {}
  const file = path.join(locateContent(), rateCardFile)
  const card = JSON.parse(fs.readFileSync(file, "utf8")) as RateCard
  return { rateCard: card, rateCardVersion: await rateCardVersion(card) }
}

// One page per route and per blog post, in French; gatsby-plugin-react-i18next then adds the
// /en and /de copies. Context carries keys only (each template queries what it shows), and
// the estimate page its rate card.
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  for (const key of pageKeys) {
    const route = allRoutes[key]
    actions.createPage({
      path: route.path,
      component: template(route.template),
      context: { routeKey: key, ns: route.ns, ...(await extraContext(key)) },
    })
  }

  const result = await graphql<{ allMarkdownRemark: { distinct: string[] } }>(`
    query BlogSlugs {
      allMarkdownRemark {
        distinct(field: { fields: { slug: SELECT } })
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not list the blog posts", result.errors)
    return
  }
  for (const slug of result.data.allMarkdownRemark.distinct) {
    actions.createPage({
      path: blogPostPath(slug),
      component: template("blog-post"),
      // imagesDir: the post's own images, content/images/blog/<slug>/ (src/content/post-images.ts).
      context: { routeKey: "blog", ns: "blog", slug, imagesDir: `blog/${slug}` },
    })
  }
}
