import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { blogPostPath, routeKeys, routes, type Template } from "../../content-kit/routes"

const template = (name: Template | "blog-post") => path.resolve(`src/templates/${name}.tsx`)

// One page per route and per blog post, in French; gatsby-plugin-react-i18next then adds the
// /en and /de copies. Context carries keys only: each template queries what it shows.
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  for (const key of routeKeys) {
    const route = routes[key]
    actions.createPage({
      path: route.path,
      component: template(route.template),
      context: { routeKey: key, ns: route.ns },
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
