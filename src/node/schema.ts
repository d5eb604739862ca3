import type { GatsbyNode } from "gatsby"
import { postDates } from "../../content-kit/post-dates"
import { BlogFrontmatter } from "../../content-kit/schema/blog"
import { graphqlFields } from "../../content-kit/schema/graphql"
import { LANGUAGES } from "../../contract/languages"

// Declared, not inferred: a post with a missing field yields null instead of failing the
// build, and the generated query types stay stable while editors change content. The
// front matter's fields are written from the content schema that the content check uses.
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: BlogFrontmatter!
      fields: BlogFields!
    }
    type BlogFrontmatter {
      ${graphqlFields(BlogFrontmatter).join("\n      ")}
    }
    type BlogFields {
      slug: String!
      lang: String!
    }
    type BlogDates {
      ${LANGUAGES.map((language) => `${language}: String!`).join("\n      ")}
    }
  `)
}

// A post's date as the blog shows it in each language, worked out when a page's query asks for
// it (content-kit/post-dates.ts), so that no page formats a date in the browser.
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    MarkdownRemark: {
      dates: {
        type: "BlogDates!",
        resolve: (source: { frontmatter?: { date?: unknown } }) =>
          postDates(source.frontmatter?.date),
      },
    },
  })
}
