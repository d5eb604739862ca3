import type { GatsbyNode } from "gatsby"
import { BlogFrontmatter } from "../../content-kit/schema/blog"
import { graphqlFields } from "../../content-kit/schema/graphql"

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
  `)
}
