// Every build hook of the site, each in its own module under src/node/; the post-build's in
// postbuild/. Its query is written here because Gatsby's typegen reads queries of gatsby-node.ts
// only: Queries.PostBuildQuery (src/gatsby-types.d.ts) types its answer.
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { locateContent } from "./content-kit/locate"
import { LANGUAGES } from "./contract/languages"
import { finishSummary } from "./postbuild/finish"
import { postBuild } from "./postbuild/post-build"

export { createResolvers, createSchemaCustomization } from "./src/node/schema"
export { onCreateNode } from "./src/node/on-create-node"
export { createPages } from "./src/node/create-pages"
export { onCreatePage } from "./src/node/on-create-page"
export { onPreBootstrap } from "./src/node/release-check"
export { onCreateWebpackConfig } from "./src/node/webpack-config"
export { onPostBootstrap } from "./src/node/icon-sprite"

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.PostBuildQuery>(`
    query PostBuild {
      site {
        siteMetadata {
          siteUrl
        }
      }
      allMarkdownRemark {
        nodes {
          fields {
            slug
            lang
          }
          frontmatter {
            title
            description
            date(formatString: "YYYY-MM-DD")
            author
          }
        }
      }
    }
  `)
  const siteUrl = result.data?.site?.siteMetadata?.siteUrl
  if (result.errors || !result.data || !siteUrl) {
    reporter.panicOnBuild("The post-build could not read the site", result.errors)
    return
  }
  const posts = result.data.allMarkdownRemark.nodes.map(({ fields, frontmatter }) => ({
    ...fields,
    ...frontmatter,
  }))
  const done = await postBuild({
    outDir: path.resolve("public"),
    siteUrl,
    posts,
    languages: LANGUAGES,
    contentDir: locateContent(),
  })
  reporter.info(`Open Graph images: ${done.cards} cards in ${done.cardSeconds.toFixed(1)} s`)
  reporter.info(`Post-build: ${finishSummary(done)}`)
}
